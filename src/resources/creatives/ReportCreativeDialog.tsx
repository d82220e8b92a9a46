/**
 * Reporting a bad ad to the network (issue 28): a reason (misleading, offensive, malware or redirect, low quality,
 * other) and a text, required with Other, at most the contract's length; react-admin's Form with the contract's
 * rules (reportCreative). A report changes no setting, so no history entry; the network's staff read it.
 */
import { RadioButtonGroupInput, TextInput, useCreate } from 'react-admin';
import { WriteFormDialog } from '../../components/FormDialog';
import { CREATIVE_REPORT_REASONS, type CreativeRecord, type CreativeReportData, type CreativeReportReason } from '../../dataProvider/resources';
import { useI18n } from '../../i18n/I18nContext';
import { contractValidators } from '../../lib/contractRules';
import { useWriteNotices, writeOf } from '../../notices/useWriteNotices';
import { creativeName } from './creativeText';

type Values = { reason: CreativeReportReason | null; text: string };
const DEFAULTS: Values = { reason: null, text: '' };

/** The text is the reason when it is Other (the contract's rule, said on the field before anything is sent). */
const textWithOther = (value: unknown, values: unknown) =>
  (values as Values | undefined)?.reason === 'OTHER' && !String(value ?? '').trim() ? 'creatives.report.textRequired' : undefined;

export function ReportCreativeDialog({ creative, onClose }: { creative: CreativeRecord; onClose: () => void }) {
  const { translate } = useI18n();
  const reporting = useWriteNotices('reportCreative', { onSuccess: onClose });
  const report = writeOf(reporting, useCreate('creativeReports', undefined, reporting), (values: Values) => ({
    data: { creativeId: creative.id, reason: values.reason as CreativeReportReason, text: values.text ?? '' } satisfies CreativeReportData,
  }));
  return (
    <WriteFormDialog<Values>
      title={translate('creatives.report.title', { name: creativeName(creative, translate) })}
      onClose={onClose}
      write={report}
      defaultValues={DEFAULTS}
      onSubmit={(values) => report.mutate(values)}
      submitLabel={translate('creatives.report.confirm')}
    >
      <RadioButtonGroupInput
        source="reason"
        label="creatives.report.reason"
        translateChoice={false}
        choices={CREATIVE_REPORT_REASONS.map((reason) => ({ id: reason, name: translate(`creatives.report.reasons.${reason}`) }))}
        validate={contractValidators('reportCreative', 'reason')}
        row={false}
      />
      <TextInput source="text" label="creatives.report.text" multiline minRows={3} validate={[textWithOther, ...contractValidators('reportCreative', 'text')]} helperText="creatives.report.textHint" />
    </WriteFormDialog>
  );
}

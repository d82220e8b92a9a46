/**
 * The publisher's place in the network's sellers.json (issue 27 item 6): transparent (its name and domain are
 * published, the default) or confidential. Admins change it on react-admin's Form (setSellersJsonSetting, recorded
 * in the history with undo); other roles read it. The monitor checks each file's OWNERDOMAIN against the domain
 * published there.
 */
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { Form, RadioButtonGroupInput, useGetOne, useUpdate } from 'react-admin';
import { LoadError } from '../../components/LoadError';
import { SectionCard } from '../../components/SectionCard';
import type { SellersJsonSettingRecord } from '../../dataProvider/resources';
import { useSession } from '../../dataProvider/session';
import { useMayCall } from '../../dataProvider/useMayCall';
import { useI18n } from '../../i18n/I18nContext';
import { useWriteNotices, writeOf } from '../../notices/useWriteNotices';

const CHOICES = ['transparent', 'confidential'] as const;
type Choice = (typeof CHOICES)[number];

export function SellersJsonSetting() {
  const { translate } = useI18n();
  const publisherId = useSession().publisher?.id;
  const setting = useGetOne<SellersJsonSettingRecord>('sellersJsonSettings', { id: publisherId ?? 0 }, { enabled: publisherId !== undefined });
  const mayChange = useMayCall('setSellersJsonSetting');
  const saved = setting.data;
  return (
    <SectionCard title={translate('adsTxtMonitor.sellersJson.title')}>
      <Typography sx={{ mb: 2 }}>{translate('adsTxtMonitor.sellersJson.intro')}</Typography>
      {saved ? (
        mayChange ? (
          // A fresh form per saved record: what the server holds is what the form starts from.
          <SellersJsonForm key={String(saved.confidential)} saved={saved} />
        ) : (
          <Typography sx={{ fontWeight: 600 }}>{translate(`adsTxtMonitor.sellersJson.current.${saved.confidential ? 'confidential' : 'transparent'}`)}</Typography>
        )
      ) : setting.isLoadingError ? (
        <LoadError onRetry={() => void setting.refetch()} />
      ) : (
        <LinearProgress aria-label={translate('common.loading')} />
      )}
    </SectionCard>
  );
}

function SellersJsonForm({ saved }: { saved: SellersJsonSettingRecord }) {
  const { translate } = useI18n();
  const saving = useWriteNotices('setSellersJsonSetting', { invalidate: ['sellersJsonSettings', 'adsTxtSites'] });
  const save = writeOf(saving, useUpdate<SellersJsonSettingRecord>('sellersJsonSettings', undefined, saving), (choice: Choice) => ({
    id: saved.id,
    data: { confidential: choice === 'confidential' },
    previousData: saved,
  }));
  const choices = CHOICES.map((id) => ({ id, name: `adsTxtMonitor.sellersJson.choices.${id}` }));
  return (
    <Form defaultValues={{ choice: saved.confidential ? 'confidential' : 'transparent' }} onSubmit={(values: Record<string, unknown>) => save.mutate(values.choice as Choice)} noValidate>
      <RadioButtonGroupInput source="choice" label="adsTxtMonitor.sellersJson.label" choices={choices} row={false} helperText={false} />
      <Button type="submit" variant="contained" disabled={save.isPending}>
        {translate('adsTxtMonitor.sellersJson.save')}
      </Button>
    </Form>
  );
}

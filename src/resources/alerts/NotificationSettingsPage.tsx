/**
 * /account-settings/notifications (issue 23, designed): the signed-in user's own alert threshold and e-mails for
 * the selected publisher: alert e-mails after the daily check, ads.txt alert e-mails as the monitor finds a site
 * no longer authorised (issue 27), and the weekly summary as a CSV attachment or a link. The e-mails go to the user's address, in the console's language at the time of saving. Other users of the
 * publisher keep their own settings. A failed save keeps what the user chose (its notice says it failed).
 *
 * react-admin's Form with its inputs; the threshold says what is wrong once left or on Save ('onTouched').
 */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { BooleanInput, Form, RadioButtonGroupInput, TextInput, useGetOne, useUpdate } from 'react-admin';
import { LoadError } from '../../components/LoadError';
import { PageLayout } from '../../components/PageLayout';
import type { NotificationSettingsData, NotificationSettingsRecord } from '../../dataProvider/resources';
import { useSession } from '../../dataProvider/session';
import { formatDay } from '../../i18n/formats';
import { useI18n } from '../../i18n/I18nContext';
import { LOCALES } from '../../i18n/locales';
import { THRESHOLDS } from '../../lib/revenueAlerts';
import { useWriteNotices, writeOf } from '../../notices/useWriteNotices';

const WEEKLY = ['OFF', 'ATTACHMENT', 'LINK'] as const;

/** The threshold as typed: a whole number within the allowed range, else null. */
export function parseThreshold(text: string): number | null {
  if (!/^\d{1,3}$/.test(text.trim())) return null;
  const value = Number(text.trim());
  return value >= THRESHOLDS.min && value <= THRESHOLDS.max ? value : null;
}

export function NotificationSettingsPage() {
  const { translate } = useI18n();
  const publisher = useSession().publisher;
  const settings = useGetOne<NotificationSettingsRecord>('notificationSettings', { id: publisher?.id ?? 0 }, { enabled: publisher !== null });
  return (
    <PageLayout titleKey="alerts.settings.title">
      <Typography>{translate('alerts.settings.intro', { publisher: publisher?.name ?? '' })}</Typography>
      {settings.data ? (
        // A fresh form per publisher and per saved record: what the server holds is what the form starts from.
        <SettingsForm key={`${settings.data.id}`} saved={settings.data} />
      ) : settings.isLoadingError ? (
        <LoadError onRetry={() => void settings.refetch()} />
      ) : (
        <LinearProgress aria-label={translate('common.loading')} />
      )}
    </PageLayout>
  );
}

/** The form's values: the threshold as typed, the e-mail switches, the weekly summary's way. */
type Values = { threshold: string | null; alertEmails: boolean; adsTxtEmails: boolean; weeklySummary: NotificationSettingsData['weeklySummary'] };

const validThreshold = (value: unknown) =>
  parseThreshold(typeof value === 'string' ? value : '') === null ? { message: 'alerts.settings.thresholdInvalid', args: { min: THRESHOLDS.min, max: THRESHOLDS.max } } : undefined;

function SettingsForm({ saved }: { saved: NotificationSettingsRecord }) {
  const { translate, locale } = useI18n();
  const saving = useWriteNotices('updateNotificationSettings', { invalidate: ['notificationSettings', 'alerts', 'alertSummaries'] });
  const save = writeOf(saving, useUpdate<NotificationSettingsRecord>('notificationSettings', undefined, saving), (data: NotificationSettingsData) => ({
    id: saved.id,
    data,
    previousData: saved,
  }));
  const language = LOCALES.find((entry) => entry.locale === locale)?.name ?? locale;
  const defaults: Values = {
    threshold: String(saved.thresholdPercent),
    alertEmails: saved.alertEmails,
    adsTxtEmails: saved.adsTxtEmails,
    weeklySummary: saved.weeklySummary,
  };
  const weeklyChoices = WEEKLY.map((value) => ({ id: value, name: `alerts.settings.weeklyOptions.${value}` }));

  /** Called with valid values only (the form's validators). */
  function submit(values: Record<string, unknown>) {
    const { threshold, alertEmails, adsTxtEmails, weeklySummary } = values as Values;
    const thresholdPercent = parseThreshold(threshold ?? '');
    if (thresholdPercent === null) return;
    save.mutate({ thresholdPercent, alertEmails, adsTxtEmails, weeklySummary, language: locale });
  }

  return (
    <Paper variant="outlined" component="section" aria-label={translate('alerts.settings.title')} sx={{ p: 2, maxWidth: 640 }}>
      <Form defaultValues={defaults} onSubmit={submit} mode="onTouched" noValidate disableInvalidFormNotification>
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
          <TextInput
            source="threshold"
            label="alerts.settings.threshold"
            helperText={<>{translate('alerts.settings.thresholdHelp', { min: THRESHOLDS.min, max: THRESHOLDS.max })}</>}
            validate={validThreshold}
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            resettable={false}
            sx={{ maxWidth: 260 }}
          />
          <Box>
            <BooleanInput source="alertEmails" label="alerts.settings.alertEmails" helperText={false} />
            <Typography variant="body2" color="text.secondary">
              {translate('alerts.settings.alertEmailsHelp', { email: saved.email })}
            </Typography>
          </Box>
          <Box>
            <BooleanInput source="adsTxtEmails" label="alerts.settings.adsTxtEmails" helperText={false} />
            <Typography variant="body2" color="text.secondary">
              {translate('alerts.settings.adsTxtEmailsHelp', { email: saved.email })}
            </Typography>
          </Box>
          <Box>
            <RadioButtonGroupInput source="weeklySummary" label="alerts.settings.weekly" choices={weeklyChoices} row={false} helperText={false} />
            <Typography variant="body2" color="text.secondary">
              {translate('alerts.settings.weeklyHelp')}
            </Typography>
            {saved.lastSummaryWeek && (
              <Typography variant="body2" color="text.secondary">
                {translate('alerts.settings.lastSummary', { day: formatDay(saved.lastSummaryWeek, locale) })}
              </Typography>
            )}
          </Box>
          <Typography variant="body2">{translate('alerts.settings.language', { language, email: saved.email })}</Typography>
          <div>
            <Button type="submit" variant="contained" disabled={save.isPending}>
              {translate('alerts.settings.save')}
            </Button>
          </div>
        </Box>
      </Form>
    </Paper>
  );
}

/**
 * /account-settings/notifications (issue 23, designed): the signed-in user's own alert threshold and e-mails for
 * the selected publisher: alert e-mails after the daily check, and the weekly summary as a CSV attachment or a
 * link. The e-mails go to the user's address, in the console's language at the time of saving. Other users of the
 * publisher keep their own settings. A failed save keeps what the user chose (its notice says it failed).
 */
import { useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useGetOne, useUpdate } from 'react-admin';
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

function SettingsForm({ saved }: { saved: NotificationSettingsRecord }) {
  const { translate, locale } = useI18n();
  const [threshold, setThreshold] = useState(String(saved.thresholdPercent));
  const [alertEmails, setAlertEmails] = useState(saved.alertEmails);
  const [weekly, setWeekly] = useState<NotificationSettingsData['weeklySummary']>(saved.weeklySummary);
  const [touched, setTouched] = useState(false);
  const saving = useWriteNotices('updateNotificationSettings', { invalidate: ['notificationSettings', 'alerts', 'alertSummaries'] });
  const save = writeOf(saving, useUpdate<NotificationSettingsRecord>('notificationSettings', undefined, saving), (data: NotificationSettingsData) => ({
    id: saved.id,
    data,
    previousData: saved,
  }));
  const thresholdPercent = parseThreshold(threshold);
  const thresholdError = touched && thresholdPercent === null ? translate('alerts.settings.thresholdInvalid', { min: THRESHOLDS.min, max: THRESHOLDS.max }) : undefined;
  const language = LOCALES.find((entry) => entry.locale === locale)?.name ?? locale;

  function submit(event: FormEvent) {
    event.preventDefault();
    setTouched(true);
    if (thresholdPercent === null) return;
    save.mutate({ thresholdPercent, alertEmails, weeklySummary: weekly, language: locale });
  }

  return (
    <Paper variant="outlined" component="form" noValidate onSubmit={submit} aria-label={translate('alerts.settings.title')} sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 3, maxWidth: 640 }}>
      <TextField
        label={translate('alerts.settings.threshold')}
        value={threshold}
        onChange={(event) => setThreshold(event.target.value)}
        onBlur={() => setTouched(true)}
        error={thresholdError !== undefined}
        helperText={thresholdError ?? translate('alerts.settings.thresholdHelp', { min: THRESHOLDS.min, max: THRESHOLDS.max })}
        slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        sx={{ maxWidth: 260 }}
      />
      <Box>
        <FormControlLabel control={<Switch checked={alertEmails} onChange={(event) => setAlertEmails(event.target.checked)} />} label={translate('alerts.settings.alertEmails')} />
        <Typography variant="body2" color="text.secondary">
          {translate('alerts.settings.alertEmailsHelp', { email: saved.email })}
        </Typography>
      </Box>
      <FormControl>
        <FormLabel id="weekly-summary">{translate('alerts.settings.weekly')}</FormLabel>
        <RadioGroup aria-labelledby="weekly-summary" value={weekly} onChange={(event) => setWeekly(event.target.value as NotificationSettingsData['weeklySummary'])}>
          {WEEKLY.map((value) => (
            <FormControlLabel key={value} value={value} control={<Radio />} label={translate(`alerts.settings.weeklyOptions.${value}`)} />
          ))}
        </RadioGroup>
        <Typography variant="body2" color="text.secondary">
          {translate('alerts.settings.weeklyHelp')}
        </Typography>
        {saved.lastSummaryWeek && (
          <Typography variant="body2" color="text.secondary">
            {translate('alerts.settings.lastSummary', { day: formatDay(saved.lastSummaryWeek, locale) })}
          </Typography>
        )}
      </FormControl>
      <Typography variant="body2">{translate('alerts.settings.language', { language, email: saved.email })}</Typography>
      <div>
        <Button type="submit" variant="contained" disabled={save.isPending}>
          {translate('alerts.settings.save')}
        </Button>
      </div>
    </Paper>
  );
}

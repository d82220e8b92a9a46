/**
 * An alert's own actions for the signed-in user (issue 23): mark read or unread, dismiss or restore. Each button's
 * accessible name names the alert, so a list of them reads apart.
 */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { RevenueAlertRecord } from '../../dataProvider/resources';
import { useI18n } from '../../i18n/I18nContext';
import { alertName } from './alertText';
import type { AlertState } from './useAlertState';

export function AlertActions({ alert, state, size = 'small' }: { alert: RevenueAlertRecord; state: AlertState; size?: 'small' | 'medium' }) {
  const { translate, locale } = useI18n();
  const name = alertName(alert, translate, locale);
  const action = (key: string) => ({ children: translate(`alerts.actions.${key}`), 'aria-label': translate(`alerts.actions.${key}Label`, { name }) });
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
      <Button size={size} variant="outlined" disabled={state.isPending} onClick={() => state.mutate({ alert, change: { read: !alert.read } })} {...action(alert.read ? 'markUnread' : 'markRead')} />
      <Button
        size={size}
        variant="text"
        disabled={state.isPending}
        onClick={() => state.mutate({ alert, change: { dismissed: !alert.dismissed } })}
        {...action(alert.dismissed ? 'restore' : 'dismiss')}
      />
    </Box>
  );
}

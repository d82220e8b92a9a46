/**
 * Read or unread, dismissed or not: the signed-in user's own state of an alert (issue 23), shown at once and taken
 * back if the call fails (react-admin's optimistic update), then the list and the header's count refetched.
 */
import { useUpdate } from 'react-admin';
import type { AlertStateChange, RevenueAlertRecord } from '../../dataProvider/resources';
import { useWriteNotices, writeOf } from '../../notices/useWriteNotices';

export interface AlertStateWrite {
  alert: RevenueAlertRecord;
  change: AlertStateChange;
}

export function useAlertState() {
  const notices = useWriteNotices('updateRevenueAlertState', { invalidate: ['alerts', 'alertSummaries'] });
  const [update, state] = useUpdate<RevenueAlertRecord>('alerts', undefined, { mutationMode: 'optimistic', ...notices });
  return writeOf(notices, [update, state], ({ alert, change }: AlertStateWrite) => ({ id: alert.id, data: change, previousData: alert }));
}

export type AlertState = ReturnType<typeof useAlertState>;

/**
 * Read or unread, dismissed or not: the signed-in user's own state of an alert (issue 23), shown at once and taken
 * back if the call fails (useWrite's optimistic change), then the list and the header's count refetched.
 */
import type { AlertStateChange, RevenueAlertRecord } from '../../dataProvider/resources';
import { updateRecord } from '../../dataProvider/optimistic';
import { useWrite } from '../../notices/useWrite';

export interface AlertStateWrite {
  alert: RevenueAlertRecord;
  change: AlertStateChange;
}

export function useAlertState() {
  return useWrite('updateRevenueAlertState', {
    mutationFn: ({ alert, change }: AlertStateWrite, dataProvider) => dataProvider.update('alerts', { id: alert.id, data: change, previousData: alert }),
    optimistic: ({ alert, change }) => updateRecord('alerts', alert.id, { ...change }),
    invalidate: ['alerts', 'alertSummaries'],
  });
}

export type AlertState = ReturnType<typeof useAlertState>;

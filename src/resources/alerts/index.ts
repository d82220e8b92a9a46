/**
 * Revenue alerts (issue 23, designed): drops in the selected publisher's figures, explained by the change history.
 *
 *   header control                     AlertsControl (the layout's header shows it)
 *   /alerts                            AlertList
 *   /alerts/:alertId                   AlertPage (the changes before the drop, with the History page's Undo)
 *   /account-settings/notifications    NotificationSettingsPage
 *
 * App.tsx mounts `alerts.list` and `alerts.show` as the <Resource> of /alerts (show at /alerts/:alertId, the spec's
 * address, not react-admin's /alerts/:id/show).
 *
 * Other features import this folder only through this file.
 */
import type { ComponentType } from 'react';
import { AlertList } from './AlertList';
import { AlertPage } from './AlertPage';

export { AlertsControl } from './AlertsControl';
export { AlertList, AlertPage };
export const alerts: { list: ComponentType; show: ComponentType } = { list: AlertList, show: AlertPage };
export { NotificationSettingsPage } from './NotificationSettingsPage';

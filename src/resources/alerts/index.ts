/**
 * Revenue alerts (issue 23, designed): drops in the selected publisher's figures, explained by the change history.
 *
 *   header control                     AlertsControl (the layout's header shows it)
 *   /alerts                            AlertList
 *   /alerts/:alertId                   AlertPage (the changes before the drop, with the History page's Undo)
 *   /account-settings/notifications    NotificationSettingsPage
 *
 * Other features import this folder only through this file.
 */
export { AlertsControl } from './AlertsControl';
export { AlertList } from './AlertList';
export { AlertPage } from './AlertPage';
export { NotificationSettingsPage } from './NotificationSettingsPage';

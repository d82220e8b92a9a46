/**
 * Revenue alerts (issue 23, designed calls) of the selected publisher as the signed-in user sees them: the alerts
 * list (paged, filtered by scope, zone and state), one alert with its causes, the user's read and dismissed state
 * (`update`), the header's unread count (`alertSummaries`, id = the publisher) and the user's notification
 * settings for the publisher (`notificationSettings`, id = the publisher).
 */
import type { GetListParams, GetListResult, GetOneParams, GetOneResult, UpdateParams, UpdateResult } from 'ra-core';
import { unwrap, type ApiClient } from '../client';
import { toIds, toPageQuery, toSortQuery } from '../query';
import type { components } from '../../../openapi/portal';
import { filterId, header, oneOf, pagedList, selectedPublisherId, toId, type Session } from './common';

type Schemas = components['schemas'];
export type RevenueAlertRecord = Schemas['RevenueAlert'];
export type AlertCauseRecord = Schemas['AlertCause'];
/** One alert with what explains it (getOne). */
export type RevenueAlertDetailRecord = RevenueAlertRecord & Omit<Schemas['RevenueAlertDetail'], 'alert'>;
export type AlertSummaryRecord = Schemas['RevenueAlertSummary'] & { id: number };
export type NotificationSettingsRecord = Schemas['NotificationSettings'] & { id: number };
export type NotificationSettingsData = Schemas['NotificationSettingsUpdate'];
export type AlertStateChange = Schemas['RevenueAlertStateUpdate'];

/** The contract's sortBy values: the list's sortable columns and its URL `sort` values. */
export const ALERT_SORT_FIELDS = ['day', 'drop'] as const;
export const ALERT_STATES = ['active', 'unread', 'read', 'dismissed', 'all'] as const;
export const ALERT_SCOPES = ['publisher', 'zone'] as const;
const SORT_BY = Object.fromEntries(ALERT_SORT_FIELDS.map((field) => [field, field])) as Record<string, (typeof ALERT_SORT_FIELDS)[number]>;

/** The filters the list understands, as they are kept in the address. */
export interface AlertFilter {
  scope?: string;
  zoneId?: number | string;
  state?: string;
}

export function alertResources(client: ApiClient, session: Session) {
  const publisherPath = () => ({ publisherId: selectedPublisherId(session) });
  return {
    alerts: {
      async getList(params: GetListParams): Promise<GetListResult<RevenueAlertRecord>> {
        const filter = (params.filter ?? {}) as AlertFilter;
        const query = {
          ...toPageQuery(params.pagination, 20),
          ...toSortQuery<(typeof ALERT_SORT_FIELDS)[number]>(params.sort, SORT_BY, { sortBy: 'day', direction: 'DESC' }),
          scope: oneOf(ALERT_SCOPES, filter.scope),
          zoneId: filterId(filter.zoneId),
          state: oneOf(ALERT_STATES, filter.state),
        };
        const page = unwrap(await client.GET('/external/publishers/{publisherId}/alerts', { params: { header, path: publisherPath(), query }, signal: params.signal }));
        return pagedList(page, (alert) => alert);
      },
      async getOne(params: GetOneParams): Promise<GetOneResult<RevenueAlertDetailRecord>> {
        const path = { ...publisherPath(), alertId: toId(params.id) };
        const { alert, ...explained } = unwrap(await client.GET('/external/publishers/{publisherId}/alerts/{alertId}', { params: { header, path }, signal: params.signal }));
        return { data: { ...alert, ...explained } };
      },
      /** The user's own state of one alert: `data.read`, `data.dismissed`. Keeps what the record had besides. */
      async update(params: UpdateParams<RevenueAlertRecord>): Promise<UpdateResult<RevenueAlertRecord>> {
        const path = { ...publisherPath(), alertId: toId(params.id) };
        const body: AlertStateChange = {};
        if (typeof params.data.read === 'boolean') body.read = params.data.read;
        if (typeof params.data.dismissed === 'boolean') body.dismissed = params.data.dismissed;
        const answer = unwrap(await client.PATCH('/external/publishers/{publisherId}/alerts/{alertId}', { params: { header, path }, body }));
        return { data: { ...(params.previousData ?? {}), ...answer } };
      },
    },

    alertSummaries: {
      async getOne(params: GetOneParams): Promise<GetOneResult<AlertSummaryRecord>> {
        const [publisherId] = toIds([params.id]) as [number];
        const answer = unwrap(await client.GET('/external/publishers/{publisherId}/alert-summary', { params: { header, path: { publisherId } }, signal: params.signal }));
        return { data: { ...answer, id: publisherId } };
      },
    },

    notificationSettings: {
      async getOne(params: GetOneParams): Promise<GetOneResult<NotificationSettingsRecord>> {
        const [publisherId] = toIds([params.id]) as [number];
        const path = '/external/publishers/{publisherId}/notification-settings';
        return { data: { ...unwrap(await client.GET(path, { params: { header, path: { publisherId } }, signal: params.signal })), id: publisherId } };
      },
      async update(params: UpdateParams<NotificationSettingsRecord>): Promise<UpdateResult<NotificationSettingsRecord>> {
        const [publisherId] = toIds([params.id]) as [number];
        const { thresholdPercent, alertEmails, adsTxtEmails, weeklySummary, language } = params.data as NotificationSettingsData;
        const answer = unwrap(
          await client.PUT('/external/publishers/{publisherId}/notification-settings', {
            params: { header, path: { publisherId } },
            body: { thresholdPercent, alertEmails, adsTxtEmails, weeklySummary, language },
          }),
        );
        return { data: { ...answer, id: publisherId } };
      },
    },
  };
}

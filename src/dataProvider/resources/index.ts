/**
 * The resource table of the data provider: resource name -> CRUD method -> contract call, one file per area.
 * The HTTP calls are listed in dataProvider.ts's header; records get the `id` react-admin needs.
 */
import type { ApiClient } from '../client';
import { adsTxtSiteResources } from './adsTxtSites';
import { alertResources } from './alerts';
import { apiKeyResources } from './apiKeys';
import { creativeResources } from './creatives';
import { historyResources } from './history';
import { publisherResources } from './publishers';
import { referenceResources } from './reference';
import { restrictionResources } from './restrictions';
import { teamResources } from './team';
import type { Session } from './common';
import { zonePartResources } from './zoneParts';
import { zoneResources } from './zones';

export type CrudMethod =
  | 'getList'
  | 'getOne'
  | 'getMany'
  | 'getManyReference'
  | 'update'
  | 'updateMany'
  | 'create'
  | 'delete'
  | 'deleteMany';

export * from './adsTxtSites';
export * from './alerts';
export * from './apiKeys';
export * from './creatives';
export * from './history';
export * from './publishers';
export * from './reference';
export * from './restrictions';
export * from './team';
export * from './zoneParts';
export * from './zones';

export function createResources(client: ApiClient, session: Session) {
  return {
    ...zoneResources(client, session),
    ...zonePartResources(client),
    ...publisherResources(client, session),
    ...apiKeyResources(client, session),
    ...restrictionResources(client, session),
    ...historyResources(client, session),
    ...alertResources(client, session),
    ...creativeResources(client, session),
    ...adsTxtSiteResources(client, session),
    ...teamResources(client, session),
    ...referenceResources(client),
  };
}

export type PortalResources = ReturnType<typeof createResources>;
export type PortalResourceName = keyof PortalResources;

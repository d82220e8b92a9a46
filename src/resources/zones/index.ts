/**
 * The zones resource's view map (ARCHITECTURE.md example 1). The URLs are the spec's, not react-admin's
 * defaults, so App.tsx mounts these as child routes of <Resource name="zones"> instead of spreading them into
 * its list/create/edit props (which would serve /zones/create and /zones/:id):
 *
 *   /zones                   list
 *   /zones/new               create
 *   /zones/edit/:zoneId/*    edit (tabs overview, slots/*, blocking/*)
 *
 * zonePaths (zonePaths.ts) builds those URLs, so links never spell them by hand.
 */
import type { ComponentType } from 'react';
import WebIcon from '@mui/icons-material/Web';
import type { Identifier } from 'react-admin';
import { ZoneCreate } from './ZoneCreate';
import { ZoneEdit } from './edit/ZoneEdit';
import { ZoneList } from './ZoneList';

export { zonePaths } from './zonePaths';

export const zones: {
  list: ComponentType;
  create: ComponentType;
  edit: ComponentType;
  icon: ComponentType;
  recordRepresentation: (record: { name?: string; id?: Identifier }) => string;
} = {
  list: ZoneList,
  create: ZoneCreate,
  edit: ZoneEdit,
  icon: WebIcon,
  recordRepresentation: (record) => record.name ?? String(record.id ?? ''),
};

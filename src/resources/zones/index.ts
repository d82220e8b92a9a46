/**
 * The zones resource's view map (ARCHITECTURE.md example 1). The URLs are the spec's, not react-admin's
 * defaults, so App.tsx mounts these as child routes of <Resource name="zones"> instead of spreading them into
 * its list/create/edit props (which would serve /zones/create and /zones/:id):
 *
 *   /zones                   list
 *   /zones/new               create
 *   /zones/edit/:zoneId/*    edit (tabs overview, slots/*, blocking/*)
 *
 * zonePaths (src/routes.ts) builds those URLs, so links never spell them by hand.
 *
 * The screens load on first use (the layout's Suspense shows progress meanwhile): they carry the domain and
 * URL rules with the public-suffix list (~110 kB), which the chooser and the other areas never need.
 */
import { lazy, type ComponentType } from 'react';
import WebIcon from '@mui/icons-material/Web';
import type { Identifier } from 'react-admin';

const ZoneList = lazy(() => import('./ZoneList').then((m) => ({ default: m.ZoneList })));
const ZoneCreate = lazy(() => import('./ZoneCreate').then((m) => ({ default: m.ZoneCreate })));
const ZoneEdit = lazy(() => import('./edit/ZoneEdit').then((m) => ({ default: m.ZoneEdit })));

export { zonePaths } from '../../routes';

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

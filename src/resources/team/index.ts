/**
 * The team of the selected publisher (issue 22): members, roles, invitations, the two-factor requirement. App.tsx
 * mounts `team.list` as the <Resource> of /account-settings/team; its lists read the data provider's 'members' and
 * 'invitations' resources by name.
 */
import type { ComponentType } from 'react';
import { TeamPage } from './TeamPage';

export { TeamPage };
export const team: { list: ComponentType } = { list: TeamPage };

// The team of the selected publisher (issue 22): members, roles, invitations, the two-factor requirement.
export { TeamPage } from './TeamPage';

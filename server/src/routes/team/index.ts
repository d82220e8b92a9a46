// The team area (contract tag team, issue 22): a publisher's members, their roles, invitations by e-mail, the
// two-factor requirement and staff's reset of a member's second factor.
import type { Handlers } from '../../http/handlers';
import { invitationHandlers } from './invitations';
import { memberHandlers } from './members';

export const teamArea: Handlers = {
  ...memberHandlers,
  ...invitationHandlers,
};

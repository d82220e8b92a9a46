// The auth area (contract tag auth): sign-in and its second step, the forgot-password e-mail, the reset link, the
// password change, and the invitation link's calls.
import type { Handlers } from '../../http/handlers';
import { authHandlers } from './auth';
import { invitationAuthHandlers } from './invitations';
import { secondFactorHandlers } from './secondFactor';

export const authArea: Handlers = {
  ...authHandlers,
  ...secondFactorHandlers,
  ...invitationAuthHandlers,
};

// The security area (contract tag security, issue 22): the signed-in user's two-factor sign-in and sessions.
import type { Handlers } from '../../http/handlers';
import { securityHandlers } from './security';

export const securityArea: Handlers = {
  ...securityHandlers,
};

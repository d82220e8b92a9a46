// The auth area (contract tag auth): sign-in, the forgot-password e-mail, the reset link, the password change.
import type { Handlers } from '../../http/handlers';
import { authHandlers } from './auth';

export const authArea: Handlers = {
  ...authHandlers,
};

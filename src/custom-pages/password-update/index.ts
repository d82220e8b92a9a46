/** The password-update page loads on first use, like the other account-settings screens. */
import { lazy } from 'react';

export const PasswordUpdatePage = lazy(() => import('./PasswordUpdatePage').then((m) => ({ default: m.PasswordUpdatePage })));

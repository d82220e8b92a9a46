// The demo accounts (README "Demo accounts"; server/src/db/seed/demo.ts), by the short names the tests use.
import { DEMO_PASSWORD } from '../../../server/src/db/seed/demo';

export { DEMO_PASSWORD };

/** All share DEMO_PASSWORD. */
export const ACCOUNTS = {
  /** Internal staff (PUBLISHER_SUPPORT): sees every publisher. */
  staff: { email: 'staff@adnetwork.example', name: 'Sam Staff' },
  /** One publisher: Solo Media. */
  solo: { email: 'solo@publisher.example', name: 'Sofia Solo' },
  /** Three publishers: Atlas News, Sakura Press, Premium Classic (legacy Just Premium). */
  multi: { email: 'multi@publisher.example', name: 'Max Multi' },
  /** Disabled: signing in is refused with the 'account locked' message. */
  locked: { email: 'locked@publisher.example', name: 'Lee Locked' },
  /** An editor of Atlas News (issue 22): zones and blocks, no payments, billing or team changes. */
  editor: { email: 'editor@publisher.example', name: 'Eddie Editor' },
  /** A viewer of Atlas News: reporting and read-only zones, blocks and history. */
  viewer: { email: 'viewer@publisher.example', name: 'Vera Viewer' },
} as const;

export type Account = keyof typeof ACCOUNTS;
/** The accounts that can sign in. */
export type ActiveAccount = Exclude<Account, 'locked'>;

// A user as a history entry keeps them (src/lib/history.ts Person): a snapshot, never a password or other secret.
import type { Person } from '../../../src/lib/history';

export const personOf = (user: { id: number; name: string; email: string }): Person => ({ id: user.id, name: user.name, email: user.email });

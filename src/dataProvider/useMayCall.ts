/**
 * Whether the signed-in user may call the contract operation `operation` for the selected publisher: the role
 * table's answer (src/lib/roles.ts, through canAccess.ts's mayCallFor), read synchronously from the session, so no
 * button a role may not use flashes. A button that performs a write is shown by its own operation; the menu and
 * the route guards ask canAccess of the page.
 *
 *   const mayRename = useMayCall('updateZone');   {mayRename && <Button>Rename zone</Button>}
 */
import type { OperationId } from '../lib/roles';
import { mayCallFor, subjectFromSession } from './canAccess';
import { useSession } from './session';

export function useMayCall(operation: OperationId): boolean {
  return mayCallFor(subjectFromSession(useSession()), operation);
}

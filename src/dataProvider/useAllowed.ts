/**
 * Whether the signed-in user may use `resource`'s `action` for the selected publisher, read synchronously from the
 * session (canAccess.ts, the one rule; no flash of a button a role may not use). For buttons and actions inside a
 * page; the menu and the route guards call canAccess directly.
 *
 *   const canEdit = useAllowed('zones', 'edit');   {canEdit && <Button>Rename zone</Button>}
 */
import { canAccess, subjectFromSession, type PortalResource } from './canAccess';
import { useSession } from './session';

export function useAllowed(resource: PortalResource, action?: string): boolean {
  return canAccess(subjectFromSession(useSession()), resource, action);
}

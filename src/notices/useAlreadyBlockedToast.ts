// Spec section 8's 'already blocked' messages (URLs on a zone, advertisers and domains on the blocking screens):
// danger toasts of 3 seconds, as a refusal of the write they stand for, found before any call.
import { useNotices } from './NoticesProvider';
import type { OperationName } from './operations';

const ALREADY_BLOCKED_MS = 3000;

/** A function showing the 'already blocked' toast `key` as a refusal of `operation`. */
export function useAlreadyBlockedToast(operation: OperationName): (key: string) => void {
  const notices = useNotices();
  return (key: string) => notices.show({ key, context: 'danger', endpointName: operation, requestStatus: 'rejected', msToClose: ALREADY_BLOCKED_MS });
}

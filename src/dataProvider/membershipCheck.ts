/**
 * A call answered as if the publisher were gone (404) or refused for the team's two-factor requirement (issue 30):
 * the member may have been removed, or the requirement turned on, since the publisher was read. The auth provider's
 * checkError asks here for the membership to be read again; the layout (useFreshPublisher) listens and re-reads the
 * selected publisher, whose answer decides what the console shows (the removed member's page, the locked member's).
 */
type Listener = () => void;

const listeners = new Set<Listener>();

export const membershipCheck = {
  request(): void {
    for (const listener of [...listeners]) listener();
  },
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  },
};

/**
 * The address of an embedded page (a dashboard, the payment provider's page): a custom call of the data provider,
 * not a record, read with useCustomQuery under FRAME_ADDRESS_KEY, whose rules (queryClient.ts) ask for a fresh
 * address each time a frame opens and never while it is open. Root-relative addresses are the API's, so they are
 * resolved against the API's base, not the console's page.
 */
import { getRuntimeConfig } from '../../config/runtimeConfig';
import type { PortalDataProvider } from '../../dataProvider/dataProvider';
import { FRAME_ADDRESS_KEY } from '../../dataProvider/queryClient';
import { useCustomQuery } from '../../dataProvider/useCustomQuery';

export function resolveFrameUrl(url: string, apiBaseUrl: string = getRuntimeConfig().apiBaseUrl): string {
  return new URL(url, apiBaseUrl || globalThis.location.origin).toString();
}

/** `key` names the frame and everything the address depends on (publisher, report, language). */
export function useFrameAddress(
  key: readonly (string | number)[],
  ask: (dataProvider: PortalDataProvider, signal: AbortSignal) => Promise<{ url: string }>,
) {
  return useCustomQuery([FRAME_ADDRESS_KEY, ...key], async (dataProvider, signal) => resolveFrameUrl((await ask(dataProvider, signal)).url));
}

/**
 * The call of the public unsubscribe page (issue 23), through the console's client, without a token: the link's
 * own signed token is the authority. No react-admin here: the public pages load this module.
 *
 *   unsubscribe    POST /mail/unsubscribe  { token, preview? }  -> { list, publisherName, email, language }
 *                  (preview: what the link would stop, changing nothing; issue 30)
 */
import { getApiClient, unwrap } from './client';
import type { components } from '../../openapi/portal';

export type UnsubscribeResult = components['schemas']['UnsubscribeResult'];

export async function unsubscribe(token: string, options: { preview?: boolean } = {}): Promise<UnsubscribeResult> {
  return unwrap(await getApiClient().POST('/mail/unsubscribe', { body: { token, preview: options.preview ?? false } }));
}

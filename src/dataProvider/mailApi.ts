/**
 * The call of the public unsubscribe page (issue 23), through the console's client, without a token: the link's
 * own signed token is the authority. No react-admin here: the public pages load this module.
 *
 *   unsubscribe    POST /mail/unsubscribe  { token }  -> { list, publisherName, email }
 */
import { getApiClient, unwrap } from './client';
import type { components } from '../../openapi/portal';

export type UnsubscribeResult = components['schemas']['UnsubscribeResult'];

export async function unsubscribe(token: string): Promise<UnsubscribeResult> {
  return unwrap(await getApiClient().POST('/mail/unsubscribe', { body: { token } }));
}

/**
 * The data provider's calls that are not records of a resource (spec section 7): file exports, the ads.txt
 * text, GDPR acceptance, the addresses of embedded frames, the two blocking writes that name no record (a
 * change of blocks by value, a removal by filter), and (issue 22) the team's two-factor requirement, staff's
 * reset of a member's second factor, and the caller's own two-factor sign-in and sign-out everywhere. Everything
 * that is a list or a record is a
 * resource (resources/); the password change is an auth call (authApi.ts). Read calls take an optional
 * AbortSignal last, for react-query.
 */
import { APP_HEADER, httpErrorFromResponse, unwrap, type ApiClient } from './client';
import { fileNameFromContentDisposition, type DownloadedFile } from './files';
import type { components } from '../../openapi/portal';
import { businessUnitIdOf, type Publisher } from './session';

type Schemas = components['schemas'];
export interface RestrictionEntityPath {
  entity: components['parameters']['RestrictionEntity'];
  entityId: number;
}
export type PaymentProviderReportType = 'billing' | 'payments';

export function createCustomMethods(client: ApiClient) {
  const header = APP_HEADER;

  async function download(
    result: { data?: Blob; error?: unknown; response: Response },
    fallbackName: string,
  ): Promise<DownloadedFile> {
    const blob = unwrap(result);
    const fileName = fileNameFromContentDisposition(result.response.headers.get('Content-Disposition'));
    return { blob, fileName: fileName ?? fallbackName };
  }

  return {
    async exportSlotEmbedCodes(zoneId: number): Promise<DownloadedFile> {
      const result = await client.GET('/external/zones/{zoneId}/slots/embed-codes/export', {
        params: { header, path: { zoneId }, query: { fileType: 'CSV' } },
        parseAs: 'blob',
      });
      return download(result, `slot-embed-codes-${zoneId}.csv`);
    },
    async exportPaymentLedger(publisherId: number): Promise<DownloadedFile> {
      const result = await client.GET('/external/publishers/{publisherId}/payment-ledger/export', {
        params: { header, path: { publisherId }, query: { fileType: 'CSV' } },
        parseAs: 'blob',
      });
      return download(result, `payment-ledger-${publisherId}.csv`);
    },
    async exportRestrictions(path: RestrictionEntityPath): Promise<DownloadedFile> {
      const result = await client.GET('/external/{entity}/{entityId}/restrictions/export', {
        params: { header, path, query: { fileType: 'CSV' } },
        parseAs: 'blob',
      });
      return download(result, `blocks-${path.entity}-${path.entityId}.csv`);
    },
    /** A verdict for every line of a blocklist; writes nothing. */
    async checkRestrictionImport(path: RestrictionEntityPath, entries: Schemas['RestrictionImport']['entries'], signal?: AbortSignal) {
      return unwrap(await client.POST('/external/{entity}/{entityId}/restrictions/import/check', { params: { header, path }, body: { entries }, signal }));
    },
    /** Blocks every new line, all or nothing. */
    async importRestrictions(path: RestrictionEntityPath, entries: Schemas['RestrictionImport']['entries']) {
      return unwrap(await client.POST('/external/{entity}/{entityId}/restrictions/import', { params: { header, path }, body: { entries } }));
    },
    /**
     * Adds and removes blocks as one change (one history entry, one undo): the IAB edit of a parent. Values are
     * advertisingRestrictionIds.
     */
    async changeRestrictions(path: RestrictionEntityPath, change: Schemas['RestrictionChange']) {
      return unwrap(await client.PATCH('/external/{entity}/{entityId}/restrictions/bulk', { params: { header, path }, body: change }));
    },
    /** Removes every block of a list the filter matches, when that is still `expectedCount` blocks (else 409 LIST_CHANGED). */
    async deleteMatchingRestrictions(path: RestrictionEntityPath, body: Schemas['RestrictionDeleteMatching']) {
      return unwrap(await client.POST('/external/{entity}/{entityId}/restrictions/delete-matching', { params: { header, path }, body }));
    },
    async getAdsTxt(publisherId: number, businessUnitIds: Schemas['BusinessUnitId'][], signal?: AbortSignal) {
      const query = { publisherId, businessUnitIds };
      return unwrap(await client.GET('/external/ads-txt', { params: { header, query }, signal }));
    },
    /**
     * "Check now" (issue 27): crawls the site at once and answers it as getAdsTxtSite does. A refusal for checking
     * too often (429 TOO_MANY_CHECKS) carries the answer's Retry-After in seconds as the error body's `retryAfter`.
     */
    async checkAdsTxtSite(publisherId: number, siteId: number) {
      const result = await client.POST('/external/publishers/{publisherId}/ads-txt-sites/{siteId}/check', { params: { header, path: { publisherId, siteId } } });
      if (result.response.status === 429) {
        const retryAfter = Number(result.response.headers.get('Retry-After'));
        const body = typeof result.error === 'object' && result.error !== null ? result.error : {};
        throw httpErrorFromResponse(result.response, { ...body, retryAfter: Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : null });
      }
      const { site, ...detail } = unwrap(result);
      return { ...site, ...detail };
    },
    async acceptGdpr(publisherId: number) {
      const path = '/external/publishers/{publisherId}/accept-gdpr';
      return unwrap(await client.PATCH(path, { params: { header, path: { publisherId } } }));
    },
    /** The user's 'last visit' mark of the ad review center, set to now (issue 28). */
    async markCreativesVisited(publisherId: number) {
      return unwrap(await client.POST('/external/publishers/{publisherId}/creative-visit', { params: { header, path: { publisherId } } }));
    },
    async getDashboardUrl(body: Schemas['DashboardUrlRequest'], signal?: AbortSignal) {
      return unwrap(await client.POST('/external/dashboard-service/publishers', { params: { header }, body, signal }));
    },
    /** The contract carries the ids as strings (spec section 7). */
    async getPaymentProviderUrl(
      reportType: PaymentProviderReportType,
      publisher: Pick<Publisher, 'id' | 'businessUnit'>,
      signal?: AbortSignal,
    ) {
      const body = { publisherId: String(publisher.id), businessUnitId: String(businessUnitIdOf(publisher)) };
      const path = '/external/payment-provider-url/{reportType}';
      return unwrap(await client.POST(path, { params: { header, path: { reportType } }, body, signal }));
    },
    /** Answers the publisher as the caller now sees it (its requireTwoFactor changed). */
    async setTwoFactorRequirement(publisherId: number, required: boolean) {
      const path = '/external/publishers/{publisherId}/two-factor-requirement';
      return unwrap(await client.PUT(path, { params: { header, path: { publisherId } }, body: { required } }));
    },
    async resetMemberTwoFactor(publisherId: number, userId: number) {
      const path = '/external/publishers/{publisherId}/members/{userId}/two-factor/reset';
      unwrap(await client.POST(path, { params: { header, path: { publisherId, userId } } }));
    },
    async getTwoFactor(signal?: AbortSignal) {
      return unwrap(await client.GET('/external/me/two-factor', { params: { header }, signal }));
    },
    /** Needs the account's password (issue 30: a token alone must not enrol a second factor). */
    async startTwoFactorSetup(password: string) {
      return unwrap(await client.POST('/external/me/two-factor/setup', { params: { header }, body: { password } }));
    },
    /**
     * Turns it on with the first code and the password; answers the 10 recovery codes, shown once, and this
     * session's fresh token (every other session ended, every earlier token refused).
     */
    async confirmTwoFactor(confirmation: Schemas['TwoFactorConfirmation']) {
      return unwrap(await client.POST('/external/me/two-factor/confirm', { params: { header }, body: confirmation }));
    },
    async disableTwoFactor(proof: Schemas['TwoFactorProof']) {
      unwrap(await client.POST('/external/me/two-factor/disable', { params: { header }, body: proof }));
    },
    /** Replaces every recovery code (the old ones stop working); answers the 10 new ones, shown once. */
    async regenerateRecoveryCodes(proof: Schemas['TwoFactorProof']) {
      return unwrap(await client.POST('/external/me/two-factor/recovery-codes', { params: { header }, body: proof })).recoveryCodes;
    },
    /** Every other session ends and every earlier token is refused: the answer is this session's fresh token. */
    async endOtherSessions(password: string) {
      return unwrap(await client.POST('/external/me/sessions/end-others', { params: { header }, body: { password } })).jwt;
    },
  };
}

export type CustomMethods = ReturnType<typeof createCustomMethods>;

// A creative's preview (issue 28), served from the portal's own origin and inert whatever it holds: the SVG as
// stored, with a CSP that lets nothing run or load (http/csp.ts creativePreviewCsp), nosniff, and only through
// the signed address listCreatives and getCreative hand out (the signer's rights are checked again here).
import { unauthorized } from '../../http/errors';
import { creativePreviewCsp } from '../../http/csp';
import { SENT, type Handlers } from '../../http/handlers';
import { claimsFor } from '../reporting/frames';

export const previewHandlers: Handlers = {
  async renderCreativePreview({ db, config, frames, params, query, reply }) {
    const claims = await claimsFor(db, frames, query.token, 'creative-preview', String(params.creativeId));
    const row = await db.one<{ svg: string }>('SELECT preview_svg AS svg FROM creatives WHERE id = $1 AND publisher_id = $2', [
      params.creativeId,
      claims.publisherId,
    ]);
    if (!row) throw unauthorized('The page address is invalid or has expired');
    void reply
      .code(200)
      .type('image/svg+xml; charset=utf-8')
      .header('content-security-policy', creativePreviewCsp(config))
      .header('x-content-type-options', 'nosniff')
      .header('cross-origin-resource-policy', 'same-origin')
      // The address carries a bearer token: never cache it in a shared cache, never pass it on.
      .header('cache-control', 'private, max-age=300')
      .header('referrer-policy', 'no-referrer')
      .send(row.svg);
    return SENT;
  },
};

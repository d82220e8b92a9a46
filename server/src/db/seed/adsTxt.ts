// ads.txt lines beyond the network-wide ones (seedReference): a DIRECT line of the publisher's own seller account
// for every demo publisher, and lines that only the Japanese business unit publishes. Network lines come first
// (positions 0..), then business-unit lines, then the publisher's own, as the ads.txt call orders by position.
import type { Queryable } from '../db';
import { insertRows } from './insert';
import { BUSINESS_UNIT_IDS, NETWORK_TAG_ID, adsTxtLines, type AdsTxtLine } from './data/reference';

const BUSINESS_UNIT_POSITION = 100;
const PUBLISHER_POSITION = 200;

/** Fictional exchanges of the Japanese unit. */
export const jpAdsTxtLines: readonly AdsTxtLine[] = [
  { exchangeDomain: 'adnetwork.example', sellerAccountId: '10005-jp', accountType: 'DIRECT', tagId: NETWORK_TAG_ID },
  { exchangeDomain: 'sakura-ssp.example', sellerAccountId: 'jp-50211', accountType: 'RESELLER', tagId: '5b2e8d04a7c13f96' },
];

/** The publisher's own seller account line. */
export function publisherAdsTxtLine(publisherId: number): AdsTxtLine {
  return { exchangeDomain: 'adnetwork.example', sellerAccountId: `pub-${publisherId}`, accountType: 'DIRECT', tagId: NETWORK_TAG_ID };
}

export async function seedAdsTxt(db: Queryable, publisherIds: readonly number[]): Promise<void> {
  if (adsTxtLines.length >= BUSINESS_UNIT_POSITION) throw new Error('seed: network ads.txt lines overlap the business-unit positions');
  const row = (line: AdsTxtLine, businessUnitId: number | null, publisherId: number | null, position: number) =>
    [businessUnitId, publisherId, position, line.exchangeDomain, line.sellerAccountId, line.accountType, line.tagId ?? null];
  await insertRows(
    db,
    'ads_txt_lines',
    ['business_unit_id', 'publisher_id', 'position', 'exchange_domain', 'seller_account_id', 'account_type', 'tag_id'],
    [
      ...jpAdsTxtLines.map((line, index) => row(line, BUSINESS_UNIT_IDS.JAP, null, BUSINESS_UNIT_POSITION + index)),
      ...publisherIds.map((id) => row(publisherAdsTxtLine(id), null, id, PUBLISHER_POSITION)),
    ],
  );
}

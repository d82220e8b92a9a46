/** How the ad review center names a creative (issue 28). */
import type { CreativeRecord } from '../../dataProvider/resources';
import type { Translate } from '../../i18n/translate';

/** 'Creative 12: Advertiser, 300x250': the name the blocked lists and the history give a creative block too. */
export const creativeName = (creative: Pick<CreativeRecord, 'id' | 'advertiser' | 'size'>, translate: Translate) =>
  translate('creatives.name', { id: creative.id, advertiser: creative.advertiser.name, size: creative.size });

/** The restriction value of an advertiser domain (the blocking screens add '*.' to a bare host). */
export const domainValue = (domain: string) => (domain.startsWith('*.') ? domain : `*.${domain}`);

export function isBlocked(creative: Pick<CreativeRecord, 'blockedGlobally' | 'blockedZoneIds'>): boolean {
  return creative.blockedGlobally || creative.blockedZoneIds.length > 0;
}

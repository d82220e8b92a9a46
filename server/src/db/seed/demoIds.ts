/**
 * Fixed ids of the demo data that tests and newcomers refer to (re-exported by demo.ts as DEMO). The seed builds
 * these objects with exactly these ids, and tests/server/seed.test.ts checks that each id names what its key says.
 */
export const DEMO = {
  /** editor and viewer are members of Atlas News (multi, its admin, can see the difference on its team page). */
  users: { staff: 1, solo: 2, multi: 3, locked: 4, editor: 5, viewer: 6 },
  publishers: { soloMedia: 1, atlasNews: 2, sakuraPress: 3, premiumClassic: 4, lockedOutlet: 5 },
  /** Publishers 6.. belong to nobody but are visible to staff. */
  firstOtherPublisher: 6,
  /** How many of those there are (6..15). */
  otherPublisherCount: 10,
  /**
   * Zone tracking ids. Each publisher's zones are numbered from its own base (Solo Media 101.., Atlas News 1001..,
   * Sakura Press 2001.., Premium Classic 3001.., Locked Outlet 3101.., the other publishers 4001 + 10·k..), so a
   * change in one publisher's zone count moves no other id.
   */
  zones: {
    /** Solo Media's homepage: web, 2 slots, one blocked URL, self identifiers on its first domain. */
    solo: 101,
    /** Atlas News' first web zone: 2 domains, 3 slots (300x250, 728x90, 300x250-1), blocked URLs, zone blocks. */
    atlas: 1001,
    /** Web zone whose slots include the one flex slot it may have (Flex, 300x250, 300x600). */
    atlasFlex: 1002,
    /** Web zone with the in-video service (15) and the video service (16); one slot. */
    atlasInVideo: 1003,
    /** App zone with an Apple App Store URL; services in-slot and video; 2 slots. */
    atlasApp: 1004,
    /** App zone with a Google Play URL. */
    atlasPlayApp: 1005,
    /** App zone with an Amazon Appstore URL and no slots. */
    atlasAmazonApp: 1006,
    /** Web zone without slots, blocked URLs or zone blocks (a clean slate for write tests). */
    atlasNoSlots: 1007,
    /** Sakura Press' first zone (Japanese name). */
    sakura: 2001,
    /** Premium Classic's first zone (legacy just-premium: the zone screens refuse it). */
    premium: 3001,
    locked: 3101,
  },
  /** Zone domain ids are zoneId·10 + position, so they follow from the zone ids. */
  zoneDomains: {
    /** *.atlasnews.com on zone atlas, with self identifiers 1, 2 and 6. */
    atlas: 10010,
    /** *.sports.atlasnews.com on zone atlas, without self identifiers. */
    atlasPlain: 10011,
    /** *.solomedia.net on zone solo, with self identifiers. */
    solo: 1010,
  },
  /** Restriction ids (the restrictions.id the delete calls take). */
  restrictions: {
    /** First of Atlas News' 8 publisher-level advertiser blocks (ids 1-8). */
    atlasAdvertiser: 1,
    /** First of Atlas News' 6 publisher-level advertiser-domain blocks (ids 9-14). */
    atlasDomain: 9,
    /** Atlas News blocks the whole parent IAB25 ... */
    atlasIabParent: 15,
    /** ... and the children IAB7-17, IAB7-18, IAB7-39, IAB7-42 of IAB7 (ids 16-19). */
    atlasIabChild: 16,
    /** Zone atlas: advertiser (20), domain (21), IAB14-1 (22), whole IAB26 (23). */
    atlasZoneAdvertiser: 20,
    atlasZoneDomain: 21,
    atlasZoneIab: 22,
    /** Solo Media's publisher-level advertiser (27) and domain (28) blocks. */
    soloAdvertiser: 27,
    soloDomain: 28,
    /** First of Sakura Press' INCLUDE advertiser rows (its advertiser clusivity is INCLUDE). */
    sakuraInclude: 29,
    /**
     * Atlas News' block of its top-earning advertiser, a few days before the seeding day (issue 23): the cause of
     * the demo's revenue alert. Only the alerts' tests may undo it.
     */
    atlasAlertBlock: 33,
  },
  /**
   * The revenue alerts the seed's run of the detection raises (issue 23), all of Atlas News: its revenue falls
   * by about a third from the day of the block above (the one alert at the default threshold of 30 %), its RPM by
   * about a quarter.
   */
  alerts: { atlasRevenue: 1, atlasRpm: 2 },
  /**
   * Creatives (issue 28, the ad review center): Atlas News' are 1..320, Solo Media's 1001..1012, Sakura Press'
   * 2001..2012 (server/src/db/seed/creatives.ts). atlasHostile's preview holds a script and an external image.
   */
  creatives: { atlasFirst: 1, atlasHostile: 7, soloFirst: 1001, sakuraFirst: 2001 },
  /**
   * The ads.txt monitor's sites of Atlas News (issue 27), one root domain of its zones per state once the
   * development sites (server/src/crawl/devSites.ts) have been crawled; atlasNotCrawled's first crawl is planned
   * days ahead (server/src/db/seed/adsTxtSites.ts).
   */
  adsTxtSites: { atlasAuthorised: 1, atlasMissing: 2, atlasWrong: 3, atlasNoFile: 4, atlasNotText: 5, atlasUnreachable: 6, atlasAuthorisedToo: 7, atlasNotCrawled: 8 },
} as const;

/** Every demo publisher id: the five named ones, then the others. */
export function demoPublisherIds(): number[] {
  return [...Object.values(DEMO.publishers), ...Array.from({ length: DEMO.otherPublisherCount }, (_, k) => DEMO.firstOtherPublisher + k)];
}

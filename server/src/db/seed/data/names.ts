/**
 * Deterministic word-list generators for demo and large seeds, and the PRNG they share.
 * Nothing here may call Math.random: the same seed must always give the same database.
 */

/** A source of uniform numbers in [0, 1), as returned by mulberry32. */
export type Rng = () => number;

/** mulberry32: a tiny 32-bit seeded PRNG, good enough for fixtures (not for anything secret). */
export function mulberry32(seed: number): Rng {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Integer in [min, max], both inclusive. */
export function randomInt(rng: Rng, min: number, max: number): number {
  return min + Math.floor(rng() * (max - min + 1));
}

export function pick<T>(rng: Rng, items: readonly T[]): T {
  return at(items, Math.floor(rng() * items.length));
}

/** Index into a word list; the lists are constants, so a miss is a bug, not data. */
function at<T>(items: readonly T[], index: number): T {
  const item = items[index];
  if (item === undefined) throw new RangeError(`index ${index} outside a list of ${items.length}`);
  return item;
}

const PAGES = [
  'Homepage', 'Article', 'Gallery', 'Video', 'Search Results', 'Category', 'Live Blog', 'Recipe', 'Forum', 'Newsletter',
] as const;

const PLACEMENTS = [
  'Leaderboard', 'Billboard', 'Sidebar', 'Skyscraper', 'In-Article', 'Footer', 'Header', 'Sticky Bottom',
  'Interstitial', 'Inline', 'Article Footer', 'Below Content', 'Top Banner', 'Medium Rectangle',
] as const;

const SECTIONS = [
  'News', 'Sports', 'Finance', 'Technology', 'Entertainment', 'Lifestyle', 'Travel', 'Automotive', 'Health',
  'Gaming', 'Education', 'Food', 'Weather', 'Science', 'Politics', 'Culture', 'Opinion', 'Local', 'Business', 'Style',
] as const;

const SECTION_COMBINATIONS = SECTIONS.length * PLACEMENTS.length;
// Coprime with SECTION_COMBINATIONS (280), so i -> i·stride permutes the combinations and neighbours differ.
const SECTION_STRIDE = 173;

/**
 * Zone name such as "Homepage Leaderboard 12" or "Sports – Article Footer".
 * Distinct i always give distinct names, whatever the rng state: numbered names end in i + 1, and the unnumbered
 * "Section – Placement" form (never ending in a digit) is used only for the first SECTIONS × PLACEMENTS indexes,
 * each index naming its own combination (permuted, so neighbours differ).
 */
export function zoneName(rng: Rng, i: number): string {
  if (i < SECTION_COMBINATIONS && rng() < 0.5) {
    const combination = (i * SECTION_STRIDE) % SECTION_COMBINATIONS;
    return `${at(SECTIONS, combination % SECTIONS.length)} – ${at(PLACEMENTS, Math.floor(combination / SECTIONS.length))}`;
  }
  return `${pick(rng, PAGES)} ${pick(rng, PLACEMENTS)} ${i + 1}`;
}

const SITE_BRANDS = [
  'atlas', 'harbor', 'summit', 'meadow', 'copper', 'lantern', 'willow', 'granite', 'beacon', 'orchard',
  'falcon', 'maple', 'cobalt', 'prairie', 'juniper', 'tidal', 'ember', 'quarry', 'aspen', 'marble',
  'kestrel', 'saffron', 'driftwood', 'thistle', 'larch', 'osprey', 'fjord', 'bramble', 'cedar', 'heron',
  'indigo', 'lumen', 'nimbus', 'pebble', 'ridge', 'sorrel', 'tundra', 'vesper', 'wren', 'zephyr',
  'alder', 'birch', 'canyon', 'dune', 'estuary', 'fern', 'glacier', 'hollow',
] as const;

const SITE_NOUNS = [
  'news', 'daily', 'times', 'post', 'wire', 'gazette', 'journal', 'review', 'insider', 'digest',
  'weekly', 'report', 'tribune', 'herald', 'courier', 'dispatch',
] as const;

const SITE_SECTIONS = [
  'sports', 'tech', 'travel', 'finance', 'food', 'health', 'auto', 'games', 'style', 'home',
  'science', 'music', 'movies', 'weather', 'parenting', 'pets', 'outdoors', 'business', 'culture', 'local',
  'fitness', 'garden', 'books', 'money',
] as const;

/** All ICANN public suffixes (tldts parse(...).isIcann === true), so the portal's domain validation accepts them. */
const SITE_SUFFIXES = ['com', 'net', 'org', 'co', 'io', 'co.uk', 'com.au', 'de', 'jp', 'ca'] as const;

const SITE_COMBINATIONS = SITE_BRANDS.length * SITE_NOUNS.length * SITE_SECTIONS.length * SITE_SUFFIXES.length;
// Coprime with SITE_COMBINATIONS (184,320 = 2^12·3^2·5), so i -> i·stride is a permutation; about 0.618 of the
// range, so consecutive indexes differ in every word.
const SITE_STRIDE = 113_917;

/**
 * Site domain such as "atlasnews-sports.com" or "harbor-gazette-travel.co.uk": fictional word compounds under real
 * public suffixes. Distinct i always give distinct domains, whatever the rng state: i picks the word combination
 * (a permutation of all combinations, with a numeric suffix on the brand only past the first 184,320), and
 * the rng only picks the hyphen style, which differs in hyphen count and so cannot collide.
 */
export function siteDomain(rng: Rng, i: number): string {
  const round = Math.floor(i / SITE_COMBINATIONS);
  let k = ((i % SITE_COMBINATIONS) * SITE_STRIDE) % SITE_COMBINATIONS;
  const suffix = at(SITE_SUFFIXES, k % SITE_SUFFIXES.length);
  k = Math.floor(k / SITE_SUFFIXES.length);
  const section = at(SITE_SECTIONS, k % SITE_SECTIONS.length);
  k = Math.floor(k / SITE_SECTIONS.length);
  const noun = at(SITE_NOUNS, k % SITE_NOUNS.length);
  const brand = at(SITE_BRANDS, Math.floor(k / SITE_NOUNS.length)) + (round > 0 ? String(round + 1) : '');
  const label = rng() < 0.6 ? `${brand}${noun}-${section}` : `${brand}-${noun}-${section}`;
  return `${label}.${suffix}`;
}

/**
 * Fictional advertisers for the demo and large seeds ("Northwind Outdoor Gear", "Blue Harbor Insurance", ...).
 * Deterministic: the same (count, seed) always gives the same list, and a shorter list is always a prefix of a
 * longer one with the same seed, so ids stay stable when a seed grows.
 */
import { mulberry32, pick, type Rng } from './names';

export interface GeneratedAdvertiser {
  id: number;
  name: string;
  domain: string;
}

export const FIRST_ADVERTISER_ID = 1001;
export const DEFAULT_ADVERTISER_COUNT = 3000;
export const DEFAULT_ADVERTISER_SEED = 0x5eed_ad;

const SINGLE_PREFIXES = [
  'Northwind', 'Redwood', 'Silverline', 'Brightpath', 'Stonebridge', 'Clearview', 'Evergreen', 'Ironwood', 'Goldcrest',
  'Riverbend', 'Highland', 'Oakridge', 'Sunpeak', 'Westbrook', 'Eastgate', 'Lakeshore', 'Pinecrest', 'Starling',
  'Keystone', 'Fairhaven', 'Maplewood', 'Crestline', 'Driftwood', 'Foxglove', 'Greystone', 'Hawthorn', 'Kingsley',
  'Larkspur', 'Moonbeam', 'Newhaven', 'Oldfield', 'Parkside', 'Quillon', 'Rosewood', 'Sandpiper', 'Thornbury',
  'Upland', 'Valemont', 'Whitcombe', 'Yarrow', 'Ashford', 'Bexley', 'Carrow', 'Dunmore', 'Elmhurst', 'Farrow',
  'Glenmore', 'Holloway', 'Juniper', 'Lindqvist', 'Marlowe', 'Norrland', 'Osterley', 'Pemberton', 'Ravenscroft',
  'Sutherby', 'Tamsin', 'Vantage', 'Wexford', 'Zephyra',
] as const;

const ADJECTIVES = [
  'Blue', 'Red', 'Green', 'Silver', 'Golden', 'Copper', 'Bright', 'Quiet', 'North', 'South',
  'East', 'West', 'Old', 'New', 'Little', 'Great', 'Wild', 'Clear', 'High', 'True',
] as const;

const NATURE_NOUNS = [
  'Harbor', 'River', 'Oak', 'Pine', 'Ridge', 'Meadow', 'Stone', 'Valley', 'Lake', 'Bay',
  'Summit', 'Field', 'Brook', 'Hill', 'Creek', 'Forest', 'Cove', 'Island', 'Canyon', 'Prairie',
  'Maple', 'Cedar', 'Birch', 'Willow', 'Falcon', 'Fox', 'Bear', 'Wolf', 'Hawk', 'Crane',
  'Lantern', 'Anchor', 'Compass', 'Beacon', 'Bridge', 'Mill', 'Orchard', 'Garden', 'Peak', 'Shore',
] as const;

const INDUSTRIES = [
  'Outdoor Gear', 'Insurance', 'Coffee Roasters', 'Bank', 'Credit Union', 'Motors', 'Auto Group', 'Pet Supply',
  'Travel', 'Mobile', 'Cosmetics', 'Skincare', 'Fitness', 'Apparel', 'Footwear', 'Furniture', 'Home Goods',
  'Kitchenware', 'Electronics', 'Software', 'Cloud', 'Games', 'Toys', 'Brewing', 'Winery', 'Foods', 'Bakery',
  'Organics', 'Pharmacy', 'Health', 'Dental', 'Vision Care', 'Realty', 'Homes', 'Mortgage', 'Energy', 'Solar',
  'Telecom', 'Airways', 'Hotels', 'Resorts', 'Cruises', 'Media', 'Studios', 'Books', 'Learning', 'Academy',
  'Jewelers', 'Watches', 'Eyewear', 'Bicycles', 'Sports', 'Golf', 'Outfitters', 'Logistics', 'Financial',
  'Investments', 'Capital', 'Payments', 'Markets', 'Grocers', 'Tea Company', 'Beverages', 'Distillery', 'Candles',
  'Garden Center', 'Hardware', 'Tools', 'Paints', 'Flooring', 'Mattress Co', 'Baby', 'Kids', 'Fashion', 'Beauty',
  'Fragrances', 'Vitamins', 'Nutrition', 'Labs', 'Analytics', 'Security', 'Storage', 'Car Rental', 'Movers',
] as const;

/** Weighted toward .com, as real advertiser lists are; all are ICANN public suffixes. */
const TLDS = [
  'com', 'com', 'com', 'com', 'com', 'com', 'net', 'co', 'io', 'co.uk', 'de', 'jp', 'com.au', 'ca', 'fr', 'nl',
] as const;

const MAX_NAME_ATTEMPTS = 50;

function brandPrefix(rng: Rng): string {
  return rng() < 0.4 ? pick(rng, SINGLE_PREFIXES) : `${pick(rng, ADJECTIVES)} ${pick(rng, NATURE_NOUNS)}`;
}

function uniqueName(rng: Rng, taken: Set<string>): string {
  for (let attempt = 0; attempt < MAX_NAME_ATTEMPTS; attempt++) {
    const name = `${brandPrefix(rng)} ${pick(rng, INDUSTRIES)}`;
    if (!taken.has(name)) return name;
  }
  // Only reached when the word lists are nearly exhausted (far beyond 20,000): number the brand.
  const base = `${brandPrefix(rng)} ${pick(rng, INDUSTRIES)}`;
  for (let n = 2; ; n++) {
    const name = `${base} ${n}`;
    if (!taken.has(name)) return name;
  }
}

function uniqueDomain(rng: Rng, name: string, taken: Set<string>): string {
  const words = name.toLowerCase().replace(/[^a-z0-9 ]/g, '').split(' ').filter((w) => w.length > 0);
  const joined = words.join('');
  const hyphenated = words.join('-');
  const tld = pick(rng, TLDS);
  const [first, second] = rng() < 0.7 ? [joined, hyphenated] : [hyphenated, joined];
  for (const label of [first, second]) {
    const domain = `${label}.${tld}`;
    if (!taken.has(domain)) return domain;
  }
  for (let n = 2; ; n++) {
    const domain = `${first}${n}.${tld}`;
    if (!taken.has(domain)) return domain;
  }
}

/** `count` advertisers with ids FIRST_ADVERTISER_ID, FIRST_ADVERTISER_ID + 1, ...; names and domains unique. */
export function generateAdvertisers(count: number, seed: number = DEFAULT_ADVERTISER_SEED): GeneratedAdvertiser[] {
  const rng = mulberry32(seed);
  const names = new Set<string>();
  const domains = new Set<string>();
  const advertisers: GeneratedAdvertiser[] = [];
  for (let i = 0; i < count; i++) {
    const name = uniqueName(rng, names);
    names.add(name);
    const domain = uniqueDomain(rng, name, domains);
    domains.add(domain);
    advertisers.push({ id: FIRST_ADVERTISER_ID + i, name, domain });
  }
  return advertisers;
}

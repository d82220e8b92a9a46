/**
 * Fictional advertisers for the demo and large seeds ("Northwind Outdoor Gear", "Blue Harbor Insurance", ...).
 * Deterministic: the same (count, seed) always gives the same list, and a shorter list is always a prefix of a
 * longer one with the same seed, so ids stay stable when a seed grows.
 *
 * Each advertiser carries the IAB category of what it sells (its industry word: an insurer is IAB13-6 Insurance),
 * so blocking an IAB category has a cost the revenue-at-stake figures can show.
 */
import { mulberry32, pick, type Rng } from './names';

export interface GeneratedAdvertiser {
  id: number;
  name: string;
  domain: string;
  /** The IAB parent and sub-category of the advertiser's industry. */
  iabCategoryId: string;
  iabSubCategoryId: string;
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

export const INDUSTRIES = [
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

/** The industry word of a name and the IAB sub-category of what such a business sells. */
export const INDUSTRY_IAB: Readonly<Record<(typeof INDUSTRIES)[number], string>> = {
  'Outdoor Gear': 'IAB20-9', Insurance: 'IAB13-6', 'Coffee Roasters': 'IAB8-6', Bank: 'IAB13-2', 'Credit Union': 'IAB13-2',
  Motors: 'IAB2-3', 'Auto Group': 'IAB2-5', 'Pet Supply': 'IAB16-4', Travel: 'IAB20-6', Mobile: 'IAB19-6',
  Cosmetics: 'IAB18-1', Skincare: 'IAB7-19', Fitness: 'IAB7-1', Apparel: 'IAB18-5', Footwear: 'IAB18-6',
  Furniture: 'IAB10-7', 'Home Goods': 'IAB10-2', Kitchenware: 'IAB10-1', Electronics: 'IAB19-9', Software: 'IAB3-4',
  Cloud: 'IAB19-11', Games: 'IAB30-6', Toys: 'IAB6-5', Brewing: 'IAB8-5', Winery: 'IAB8-18', Foods: 'IAB8-1',
  Bakery: 'IAB8-8', Organics: 'IAB8-16', Pharmacy: 'IAB7-15', Health: 'IAB7-5', Dental: 'IAB7-17', 'Vision Care': 'IAB7-38',
  Realty: 'IAB21-3', Homes: 'IAB21-1', Mortgage: 'IAB13-4', Energy: 'IAB3-8', Solar: 'IAB3-8', Telecom: 'IAB19-18',
  Airways: 'IAB20-3', Hotels: 'IAB20-18', Resorts: 'IAB20-24', Cruises: 'IAB20-12', Media: 'IAB1-7', Studios: 'IAB1-5',
  Books: 'IAB1-1', Learning: 'IAB5-6', Academy: 'IAB5-2', Jewelers: 'IAB14-7', Watches: 'IAB18-6', Eyewear: 'IAB18-6',
  Bicycles: 'IAB17-3', Sports: 'IAB17-12', Golf: 'IAB17-15', Outfitters: 'IAB17-18', Logistics: 'IAB3-10',
  Financial: 'IAB13-3', Investments: 'IAB13-7', Capital: 'IAB13-5', Payments: 'IAB13-2', Markets: 'IAB13-11',
  Grocers: 'IAB22-2', 'Tea Company': 'IAB8-6', Beverages: 'IAB8-9', Distillery: 'IAB8-5', Candles: 'IAB9-6',
  'Garden Center': 'IAB10-4', Hardware: 'IAB10-5', Tools: 'IAB9-31', Paints: 'IAB10-9', Flooring: 'IAB10-9',
  'Mattress Co': 'IAB7-40', Baby: 'IAB6-2', Kids: 'IAB14-6', Fashion: 'IAB18-3', Beauty: 'IAB18-1', Fragrances: 'IAB18-1',
  Vitamins: 'IAB7-25', Nutrition: 'IAB7-32', Labs: 'IAB15-3', Analytics: 'IAB3-11', Security: 'IAB19-25',
  Storage: 'IAB19-12', 'Car Rental': 'IAB20-7', Movers: 'IAB21-3',
};

/** The parent of a sub-category id ('IAB13-6' -> 'IAB13'). */
export const iabParentOf = (subCategoryId: string): string => subCategoryId.split('-')[0] ?? subCategoryId;


/** Weighted toward .com, as real advertiser lists are; all are ICANN public suffixes. */
const TLDS = [
  'com', 'com', 'com', 'com', 'com', 'com', 'net', 'co', 'io', 'co.uk', 'de', 'jp', 'com.au', 'ca', 'fr', 'nl',
] as const;

const MAX_NAME_ATTEMPTS = 50;

function brandPrefix(rng: Rng): string {
  return rng() < 0.4 ? pick(rng, SINGLE_PREFIXES) : `${pick(rng, ADJECTIVES)} ${pick(rng, NATURE_NOUNS)}`;
}

type Industry = (typeof INDUSTRIES)[number];

function uniqueName(rng: Rng, taken: Set<string>): { name: string; industry: Industry } {
  for (let attempt = 0; attempt < MAX_NAME_ATTEMPTS; attempt++) {
    // Brand before industry: the order of the draws keeps every earlier seed's names.
    const brand = brandPrefix(rng);
    const industry = pick(rng, INDUSTRIES);
    const name = `${brand} ${industry}`;
    if (!taken.has(name)) return { name, industry };
  }
  // Only reached when the word lists are nearly exhausted (far beyond 20,000): number the brand.
  const brand = brandPrefix(rng);
  const industry = pick(rng, INDUSTRIES);
  const base = `${brand} ${industry}`;
  for (let n = 2; ; n++) {
    const name = `${base} ${n}`;
    if (!taken.has(name)) return { name, industry };
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
    const { name, industry } = uniqueName(rng, names);
    names.add(name);
    const domain = uniqueDomain(rng, name, domains);
    domains.add(domain);
    const iabSubCategoryId = INDUSTRY_IAB[industry];
    advertisers.push({ id: FIRST_ADVERTISER_ID + i, name, domain, iabCategoryId: iabParentOf(iabSubCategoryId), iabSubCategoryId });
  }
  return advertisers;
}

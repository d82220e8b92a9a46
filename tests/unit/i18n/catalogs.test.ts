// Every language has exactly the keys English has, for the app catalogs and for the react-admin (ra.*)
// catalogs written in this project, and every translation keeps the English message's placeholders.
import { describe, expect, it } from 'vitest';
import englishRaMessages from 'ra-language-english';
import { englishMessages } from '../../../src/i18n/en';
import { spanishMessages } from '../../../src/i18n/es';
import { frenchMessages } from '../../../src/i18n/fr';
import { japaneseMessages } from '../../../src/i18n/ja';
import { raSpanishMessages } from '../../../src/i18n/ra/es';
import { raJapaneseMessages } from '../../../src/i18n/ra/ja';
import { lookup, type MessageTree } from '../../../src/i18n/translate';
import { ADVERTISER_DOMAIN_KEYS } from '../../../src/lib/advertiserDomains';
import { INVALID_EMAIL_KEY } from '../../../src/lib/email';
import { PASSWORD_KEYS, PASSWORD_RULE_KEYS } from '../../../src/lib/password';
import { ENVIRONMENT_BANNER_KEYS } from '../../../src/lib/publisherRules';

function flatten(tree: MessageTree, prefix = ''): Map<string, string> {
  const entries = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') entries.set(path, value);
    else for (const [child, text] of flatten(value, path)) entries.set(child, text);
  }
  return entries;
}

const placeholders = (text: string) => new Set([...text.matchAll(/%\{(\w+)\}/g)].map((match) => match[1]));

function compare(name: string, reference: MessageTree, catalog: MessageTree) {
  describe(name, () => {
    const expected = flatten(reference);
    const actual = flatten(catalog);

    it('has every key of the English catalog', () => {
      expect([...expected.keys()].filter((key) => !actual.has(key))).toEqual([]);
    });

    it('has no key the English catalog lacks', () => {
      expect([...actual.keys()].filter((key) => !expected.has(key))).toEqual([]);
    });

    it('keeps the placeholders of each English message', () => {
      // A placeholder in every English plural form must be kept; one in only some forms may be dropped by a
      // language with fewer forms (ja has one); none may be invented.
      const differing = [...expected].filter(([key, english]) => {
        const translated = actual.get(key);
        if (translated === undefined) return false;
        const forms = english.split('||||').map(placeholders);
        const allowed = new Set(forms.flatMap((form) => [...form]));
        const required = [...allowed].filter((name) => name !== 'smart_count' && forms.every((form) => form.has(name)));
        const got = placeholders(translated);
        return required.some((name) => !got.has(name)) || [...got].some((name) => !allowed.has(name));
      });
      expect(differing.map(([key]) => key)).toEqual([]);
    });

    it('leaves no message empty that English fills', () => {
      const empty = [...actual].filter(([key, text]) => text.trim() === '' && expected.get(key)?.trim() !== '');
      expect(empty.map(([key]) => key)).toEqual([]);
    });
  });
}

compare('Japanese app catalog', englishMessages, japaneseMessages);
compare('Spanish app catalog', englishMessages, spanishMessages);
compare('French app catalog', englishMessages, frenchMessages);
compare('Japanese react-admin catalog', englishRaMessages as unknown as MessageTree, raJapaneseMessages as unknown as MessageTree);
compare('Spanish react-admin catalog', englishRaMessages as unknown as MessageTree, raSpanishMessages as unknown as MessageTree);

describe('keys the shared rules return', () => {
  const keys = [
    INVALID_EMAIL_KEY,
    ...Object.values(PASSWORD_KEYS),
    ...Object.values(PASSWORD_RULE_KEYS),
    ...Object.values(ADVERTISER_DOMAIN_KEYS),
    ...Object.values(ENVIRONMENT_BANNER_KEYS),
    'errorMessages.required',
    'zones.invalidDomains',
    'zones.invalidStoreUrls',
    'validation.blockedUrl.notUrl',
    'validation.blockedUrl.scheme',
    'validation.blockedUrl.privateHost',
    'blocking.urls.duplicateInList',
    'blocking.urls.alreadyBlocked',
    'blocking.urls.types.image',
    'blocking.urls.types.page',
    'slots.flexSize',
    'slots.onlyOneFlex',
  ];

  it.each(keys)('%s exists in English', (key) => {
    expect(lookup(englishMessages, key)).toEqual(expect.any(String));
  });

  it('keeps the wording the specification gives', () => {
    expect(lookup(englishMessages, 'errorMessages.general')).toBe('Something went wrong. Please try again later.');
    expect(lookup(englishMessages, 'auth.invalidCredentials')).toBe('Invalid email or password');
    expect(lookup(englishMessages, 'reset.expired')).toBe('Link has expired. Please contact your contact at the provider.');
    expect(lookup(englishMessages, 'forgot.failure')).toBe('Something went wrong. Please check your email or try again.');
    // The spec's "There are invalid domains entries, domain should follow ..." with its grammar corrected (issue 21).
    expect(lookup(englishMessages, 'blocking.domains.errorMessage')).toBe(
      "There are invalid domain entries: a domain should look like '%{host}' or '*.test.com'.",
    );
  });
});

describe('no English left in another language', () => {
  it('Japanese translates every message but the names that read the same in Japanese', () => {
    const sameInJapanese = new Set([
      'menu.adsTxt',
      'accountSettings.adsTxt',
      'accountSettings.adsTxtPage.kinds.adsTxt',
      'accountSettings.adsTxtPage.kinds.appAdsTxt',
      'zoneEdit.slots.id',
      'alerts.metric.RPM',
      'adsTxtMonitor.sellersJson.title',
    ]);
    const japanese = flatten(japaneseMessages);
    const english = [...flatten(englishMessages)].filter(([key, text]) => !sameInJapanese.has(key) && japanese.get(key) === text);
    expect(english.map(([key]) => key)).toEqual([]);
  });

  it('French writes its apostrophes one way, the typographic ’', () => {
    const straight = [...flatten(frenchMessages)].filter(([, text]) => text.includes("'"));
    expect(straight.map(([key]) => key)).toEqual([]);
  });
});

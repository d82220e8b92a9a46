import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import {
  adoptJwtFromUrl,
  businessUnitIdOf,
  createSessionStore,
  session,
  SESSION_KEYS,
  TAB_PUBLISHER_KEY,
  useSession,
} from '../../../src/dataProvider/session';
import { jwtFor, publisher, tokenPayload } from '../../support/builders';
import { MemoryStorage, storageEvent } from '../../support/storage';

/** When the tests' stores receive a token, on the browser's clock. */
const RECEIVED_AT = 1_700_000_000_000;

function setup() {
  const storage = new MemoryStorage();
  const events = new EventTarget();
  const store = createSessionStore({ storage, events, tabStorage: new MemoryStorage(), now: () => RECEIVED_AT });
  return { storage, events, store };
}

describe('session store', () => {
  it('starts signed out with no publisher', () => {
    expect(setup().store.get()).toEqual({ jwt: null, token: null, receivedAt: null, publisher: null, publishers: [] });
  });

  it('persists the token, the publisher and the chooser list under their three keys only', () => {
    const { storage, store } = setup();
    const jwt = jwtFor();
    const selected = publisher();
    store.setToken(jwt);
    store.setPublisher(selected);
    store.setPublishers([selected, publisher({ id: 102, name: 'Atlas News' })]);

    expect(storage.snapshot()).toEqual({
      // When this browser received it: the token's lifetime counts from then (sessionExpiresAt).
      'portal.auth': { jwt, receivedAt: RECEIVED_AT },
      'portal.publisher': selected,
      'portal.publishers': [selected, publisher({ id: 102, name: 'Atlas News' })],
    });
    expect(store.get()).toMatchObject({ jwt, token: tokenPayload(), publisher: selected });
    expect(store.get().publishers).toHaveLength(2);
  });

  it('reads what an earlier page load stored', () => {
    const { storage } = setup();
    storage.setItem(SESSION_KEYS.auth, JSON.stringify({ jwt: jwtFor() }));
    storage.setItem(SESSION_KEYS.publisher, JSON.stringify(publisher()));
    const reloaded = createSessionStore({ storage, events: null });
    expect(reloaded.get().token?.user.email).toBe('solo@publisher.example');
    expect(reloaded.get().publisher?.name).toBe('Solo Media');
  });

  it('keeps the same snapshot object until something changes (useSyncExternalStore)', () => {
    const { store } = setup();
    const first = store.get();
    expect(store.get()).toBe(first);
    store.setPublisher(publisher());
    const second = store.get();
    expect(second).not.toBe(first);
    expect(store.get()).toBe(second);
  });

  it('notifies subscribers of each change until they unsubscribe', () => {
    const { store } = setup();
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    store.setToken(jwtFor());
    store.setPublisher(publisher());
    store.clear();
    expect(listener).toHaveBeenCalledTimes(3);
    unsubscribe();
    store.setPublishers([]);
    expect(listener).toHaveBeenCalledTimes(3);
  });

  it('follows writes made by another tab', () => {
    const { storage, events, store } = setup();
    const listener = vi.fn();
    store.subscribe(listener);
    expect(store.get().jwt).toBeNull();

    const jwt = jwtFor();
    storage.setItem(SESSION_KEYS.auth, JSON.stringify({ jwt }));
    events.dispatchEvent(storageEvent(SESSION_KEYS.auth));
    expect(listener).toHaveBeenCalledTimes(1);
    expect(store.get().jwt).toBe(jwt);

    storage.clear();
    events.dispatchEvent(storageEvent(null));
    expect(listener).toHaveBeenCalledTimes(2);
    expect(store.get().jwt).toBeNull();
  });

  it('keeps the publisher of each tab when another tab chooses another one; a new tab starts with the last chosen', () => {
    const storage = new MemoryStorage();
    const tabA = { events: new EventTarget(), tab: new MemoryStorage() };
    const tabB = { events: new EventTarget(), tab: new MemoryStorage() };
    const a = createSessionStore({ storage, events: tabA.events, tabStorage: tabA.tab });
    const b = createSessionStore({ storage, events: tabB.events, tabStorage: tabB.tab });
    const atlas = publisher({ id: 102, name: 'Atlas News' });
    const sakura = publisher({ id: 103, name: 'Sakura Press' });
    a.setToken(jwtFor());
    a.setPublisher(atlas);
    tabB.events.dispatchEvent(storageEvent(SESSION_KEYS.publisher));
    expect(b.get().publisher?.name).toBe('Atlas News');

    b.setPublisher(sakura);
    tabA.events.dispatchEvent(storageEvent(SESSION_KEYS.publisher));
    expect(a.get().publisher?.name).toBe('Atlas News');
    expect(b.get().publisher?.name).toBe('Sakura Press');
    // A reload of tab A keeps its publisher; a new tab starts with the one chosen last.
    expect(createSessionStore({ storage, events: null, tabStorage: tabA.tab }).get().publisher?.name).toBe('Atlas News');
    expect(createSessionStore({ storage, events: null, tabStorage: new MemoryStorage() }).get().publisher?.name).toBe('Sakura Press');
  });

  it("drops a tab's publisher when another user signs in, and every tab's on sign-out", () => {
    const storage = new MemoryStorage();
    const events = new EventTarget();
    const tab = new MemoryStorage();
    const store = createSessionStore({ storage, events, tabStorage: tab });
    store.setToken(jwtFor());
    store.setPublisher(publisher({ id: 102, name: 'Atlas News' }));
    // Another tab signs in as someone else, who chose Sakura Press.
    storage.setItem(SESSION_KEYS.auth, JSON.stringify({ jwt: jwtFor({ user: { id: 77, email: 'multi@publisher.example', name: 'Multi' } }) }));
    storage.setItem(SESSION_KEYS.publisher, JSON.stringify(publisher({ id: 103, name: 'Sakura Press' })));
    events.dispatchEvent(storageEvent(SESSION_KEYS.auth));
    expect(store.get().publisher?.name).toBe('Sakura Press');
    store.clear();
    expect(tab.getItem(TAB_PUBLISHER_KEY)).toBeNull();
    expect(store.get().publisher).toBeNull();
  });

  it('ignores other tabs writing unrelated keys', () => {
    const { events, store } = setup();
    const listener = vi.fn();
    store.subscribe(listener);
    const before = store.get();
    events.dispatchEvent(storageEvent('ra.preferences'));
    expect(listener).not.toHaveBeenCalled();
    expect(store.get()).toBe(before);
  });

  it.each([
    ['corrupt JSON', SESSION_KEYS.auth, '{"jwt":'],
    ['an auth object without jwt', SESSION_KEYS.auth, '{"token":"x"}'],
    ['a jwt that is not a token', SESSION_KEYS.auth, '{"jwt":"not-a-token"}'],
    ['a publisher without business unit', SESSION_KEYS.publisher, '{"id":1,"name":"x"}'],
    ['a publisher list with a bad entry', SESSION_KEYS.publishers, '[{"id":"1"}]'],
    ['a publisher list that is an object', SESSION_KEYS.publishers, '{}'],
  ])('discards %s instead of throwing', (_label, key, raw) => {
    const { storage, store } = setup();
    storage.setItem(key, raw);
    expect(store.get()).toEqual({ jwt: null, token: null, receivedAt: null, publisher: null, publishers: [] });
    expect(storage.getItem(key)).toBeNull();
  });

  it('clears its own keys and leaves the rest of local storage alone', () => {
    const { storage, store } = setup();
    storage.setItem('unrelated', 'kept');
    store.setToken(jwtFor());
    store.setPublisher(publisher());
    store.setPublishers([publisher()]);
    store.clear();
    expect(storage.snapshot()).toEqual({ unrelated: 'kept' });
    expect(store.get()).toEqual({ jwt: null, token: null, receivedAt: null, publisher: null, publishers: [] });
  });

  it('removes the publisher key when the selection is cleared', () => {
    const { storage, store } = setup();
    store.setPublisher(publisher());
    store.setPublisher(null);
    expect(storage.getItem(SESSION_KEYS.publisher)).toBeNull();
    expect(store.get().publisher).toBeNull();
  });

  it('keeps working in the tab when storage refuses writes or reads', () => {
    const broken: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => {
        throw new Error('SecurityError');
      },
    };
    const store = createSessionStore({ storage: broken, events: null });
    expect(() => store.setToken(jwtFor())).not.toThrow();
    expect(() => store.clear()).not.toThrow();
    expect(store.get().jwt).toBeNull();
  });
});

describe('businessUnitIdOf', () => {
  it('is the nested business unit id', () => {
    expect(businessUnitIdOf(publisher({ businessUnit: { id: 5, name: 'Japan' } }))).toBe(5);
  });
});

describe('useSession', () => {
  it('renders the current session state', () => {
    session.setPublisher(publisher({ name: 'Rendered Publisher' }));
    function Probe() {
      return createElement('span', null, useSession().publisher?.name ?? 'none');
    }
    expect(renderToString(createElement(Probe))).toContain('Rendered Publisher');
    session.clear();
    expect(renderToString(createElement(Probe))).toContain('none');
  });
});

describe('adoptJwtFromUrl', () => {
  function run(href: string) {
    const { store, storage } = setup();
    store.setPublisher(publisher());
    store.setPublishers([publisher(), publisher({ id: 102 })]);
    const history = { state: { idx: 3 }, replaceState: vi.fn() };
    const adopted = adoptJwtFromUrl({ href }, history, store);
    return { adopted, store, storage, history };
  }

  it('starts a fresh session with the token and removes it from the address bar', () => {
    const jwt = jwtFor();
    const { adopted, store, storage, history } = run(`https://portal.adnetwork.example/external-login?jwt=${jwt}&lang=ja#top`);
    expect(adopted).toBe(true);
    expect(store.get()).toMatchObject({ jwt, publisher: null, publishers: [] });
    expect(storage.snapshot()).toEqual({ 'portal.auth': { jwt, receivedAt: RECEIVED_AT } });
    expect(history.replaceState).toHaveBeenCalledWith({ idx: 3 }, '', '/external-login?lang=ja#top');
  });

  it('reads and removes the token from a hash-router query too', () => {
    const jwt = jwtFor();
    const { adopted, store, history } = run(`https://portal.adnetwork.example/#/browse?jwt=${jwt}&x=1`);
    expect(adopted).toBe(true);
    expect(store.get().jwt).toBe(jwt);
    expect(history.replaceState).toHaveBeenCalledWith({ idx: 3 }, '', '/#/browse?x=1');
  });

  it('leaves the session and the address alone without a jwt parameter', () => {
    const { adopted, store, history } = run('https://portal.adnetwork.example/login?next=%2Fzones');
    expect(adopted).toBe(false);
    expect(store.get().publisher).not.toBeNull();
    expect(history.replaceState).not.toHaveBeenCalled();
  });

  it('strips an empty jwt parameter without touching the session', () => {
    const { adopted, store, history } = run('https://portal.adnetwork.example/login?jwt=');
    expect(adopted).toBe(false);
    expect(store.get().publisher).not.toBeNull();
    expect(history.replaceState).toHaveBeenCalledWith({ idx: 3 }, '', '/login');
  });
});

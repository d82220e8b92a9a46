// The notification rules of spec sections 3 and 4, without rendering.
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_MS_TO_CLOSE,
  fades,
  initialNoticesState,
  noticesReducer,
  type NoticeInput,
  type NoticesState,
} from '../../../src/layout/notifications/noticesReducer';
import { NOTICE_OPERATIONS } from '../../../src/layout/notifications/operations';
import { englishMessages } from '../../../src/i18n/en';
import { lookup } from '../../../src/i18n/translate';

const show = (state: NoticesState, notice: NoticeInput, replaces?: number) =>
  noticesReducer(state, { type: 'show', notice, replaces });

describe('noticesReducer', () => {
  it('gives running numeric ids and the default 3000 ms', () => {
    let state = show(initialNoticesState, { key: 'common.copied', context: 'success' });
    state = show(state, { text: 'Two', context: 'warning' });
    expect(state.notices.map((notice) => notice.id)).toEqual([1, 2]);
    expect(state.notices[0]).toMatchObject({ msToClose: DEFAULT_MS_TO_CLOSE, neverFade: false });
  });

  it('lets 0 mean stay and neverFade win over any delay', () => {
    expect(fades({ msToClose: 0, neverFade: false })).toBe(false);
    expect(fades({ msToClose: 5000, neverFade: true })).toBe(false);
    expect(fades({ msToClose: 3000, neverFade: false })).toBe(true);
  });

  it("replaces an operation's earlier non-pending notices, not other operations' nor pending ones", () => {
    let state = show(initialNoticesState, { key: 'a', context: 'success', endpointName: 'putZoneServices', requestStatus: 'fulfilled' });
    state = show(state, { key: 'b', context: 'danger', endpointName: 'putZoneServices', requestStatus: 'rejected' });
    expect(state.notices.map((notice) => notice.key)).toEqual(['b']);
    state = show(state, { key: 'c', context: 'success', endpointName: 'addBlockedUrls', requestStatus: 'fulfilled' });
    // A retry's pending notice takes the place of the earlier failure.
    state = show(state, { key: 'd', context: 'warning', endpointName: 'putZoneServices', requestStatus: 'pending' });
    expect(state.notices.map((notice) => notice.key)).toEqual(['c', 'd']);
    state = show(state, { key: 'e', context: 'warning', endpointName: 'putZoneServices', requestStatus: 'pending' });
    expect(state.notices.map((notice) => notice.key)).toEqual(['c', 'd', 'e']);
  });

  it("lets an operation's outcome replace its own pending notice", () => {
    let state = show(initialNoticesState, { key: 'pending', context: 'warning', endpointName: 'x', requestStatus: 'pending' });
    const pendingId = state.notices[0]!.id;
    state = show(state, { key: 'done', context: 'success', endpointName: 'x', requestStatus: 'fulfilled' }, pendingId);
    expect(state.notices.map((notice) => notice.key)).toEqual(['done']);
  });

  it('dismisses one notice or clears them all, keeping the id sequence', () => {
    let state = show(show(initialNoticesState, { text: 'one', context: 'success' }), { text: 'two', context: 'success' });
    state = noticesReducer(state, { type: 'dismiss', id: 1 });
    expect(state.notices.map((notice) => notice.text)).toEqual(['two']);
    state = noticesReducer(state, { type: 'clear' });
    expect(state.notices).toEqual([]);
    expect(show(state, { text: 'three', context: 'success' }).notices[0]!.id).toBe(3);
  });
});

describe('NOTICE_OPERATIONS', () => {
  it('has the English labels of spec section 4 for every operation', () => {
    const labels = Object.values(NOTICE_OPERATIONS).map(({ pending, success }) => [lookup(englishMessages, pending), lookup(englishMessages, success)]);
    expect(labels).toEqual([
      ['Updating enabled products', 'Updated enabled products'],
      ['Removing enabled product', 'Removed enabled product'],
      ['Adding URL block(s)', 'Added URL block(s)'],
      ['Removing URL block(s)', 'Removed URL block(s)'],
      ['Creating zone slots', 'Created zone slots'],
      ['Creating block(s)', 'Created block(s)'],
      ['Removing block(s)', 'Removed block(s)'],
    ]);
  });
});

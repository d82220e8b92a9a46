// The notification rules of spec sections 3 and 4, without rendering.
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_MS_TO_CLOSE,
  failureKeyOf,
  failureNotice,
  fades,
  initialNoticesState,
  noticesReducer,
  type NoticeInput,
  type NoticesState,
} from '../../../src/notices/noticesReducer';
import { NOTICE_OPERATIONS } from '../../../src/notices/operations';
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
    let state = show(initialNoticesState, { key: 'pending', context: 'warning', endpointName: 'requestSlots', requestStatus: 'pending' });
    const pendingId = state.notices[0]!.id;
    state = show(state, { key: 'done', context: 'success', endpointName: 'requestSlots', requestStatus: 'fulfilled' }, pendingId);
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

describe('failure messages', () => {
  const conflict = (error: unknown) => ((error as { status?: number }).status === 409 ? 'slots.onlyOneFlex' : undefined);

  it("are the error's own when the caller knows it, else the operation's, else the general error", () => {
    expect(failureKeyOf('requestSlots', { status: 409 }, conflict)).toBe('slots.onlyOneFlex');
    expect(failureKeyOf('requestSlots', { status: 500 }, conflict)).toBe('errorMessages.general');
    expect(failureKeyOf('requestZone', { status: 500 }, conflict)).toBe('zones.createFailed');
    expect(failureKeyOf('requestZone', new Error('offline'))).toBe('zones.createFailed');
    expect(failureNotice('requestZone').key).toBe('zones.createFailed');
  });

  it('say the server cannot be reached when a call got no answer, rather than "try again later" (issue 21)', () => {
    const offline = { status: 0, body: { code: 'FETCH_ERROR' } };
    const timedOut = { status: 0, body: { code: 'TIMEOUT_ERROR' } };
    expect(failureKeyOf('updateZone', offline)).toBe('errorMessages.unreachable');
    expect(failureKeyOf('requestZone', timedOut)).toBe('errorMessages.unreachable');
    expect(failureNotice('listHistory', { error: offline }).key).toBe('errorMessages.unreachable');
    // An HTTP error keeps the spec's texts; a refusal the caller knows keeps its own.
    expect(failureKeyOf('updateZone', { status: 503, body: { code: 'SERVICE_UNAVAILABLE' } })).toBe('errorMessages.general');
    expect(failureKeyOf('requestSlots', offline, () => 'slots.onlyOneFlex')).toBe('slots.onlyOneFlex');
  });
});

describe('settling an operation without a notice of its own', () => {
  it("removes its pending notice and its earlier outcomes, and no other operation's", () => {
    let state = show(initialNoticesState, { key: 'errorMessages.general', context: 'danger', endpointName: 'updateZone', requestStatus: 'rejected' });
    state = show(state, { key: 'errorMessages.general', context: 'danger', endpointName: 'acceptGdpr', requestStatus: 'rejected' });
    state = show(state, { key: 'x', context: 'warning', endpointName: 'updateZone', requestStatus: 'pending' });
    state = noticesReducer(state, { type: 'settle', endpointName: 'updateZone', replaces: 3 });
    expect(state.notices.map((notice) => notice.endpointName)).toEqual(['acceptGdpr']);
  });
});

describe('failureNotice', () => {
  it('is the danger notice of the general error that never fades, for the operation', () => {
    expect(failureNotice('exportZones')).toEqual({
      key: 'errorMessages.general',
      values: undefined,
      action: undefined,
      context: 'danger',
      endpointName: 'exportZones',
      requestStatus: 'rejected',
      neverFade: true,
    });
    const action = { labelKey: 'zoneEdit.name.editAgain', onAction: () => undefined };
    expect(failureNotice('updateZone', { key: 'slots.onlyOneFlex', action })).toMatchObject({ key: 'slots.onlyOneFlex', action, neverFade: true });
  });
});

describe('NOTICE_OPERATIONS', () => {
  const operations: Record<string, { pending?: string; success?: string; failure?: string }> = NOTICE_OPERATIONS;
  const english = (key: string | undefined) => (key === undefined ? undefined : lookup(englishMessages, key));

  it('has the English labels of spec section 4', () => {
    const labels = Object.fromEntries(
      Object.entries(operations)
        .filter(([, operation]) => operation.pending !== undefined)
        .map(([name, operation]) => [name, [english(operation.pending), english(operation.success)]]),
    );
    expect(labels).toEqual({
      requestZone: ['Creating zone', 'Zone created'],
      putZoneServices: ['Updating enabled products', 'Updated enabled products'],
      deleteZoneService: ['Removing enabled product', 'Removed enabled product'],
      addBlockedUrls: ['Adding URL block(s)', 'Added URL block(s)'],
      deleteBlockedUrl: ['Removing URL block(s)', 'Removed URL block(s)'],
      requestSlots: ['Creating zone slots', 'Created zone slots'],
      // Issue 30: a success names what, whom and the publisher.
      createRestrictions: ['Creating block(s)', '%{smart_count} block created for %{target} |||| %{smart_count} blocks created for %{target}'],
      deleteRestrictions: ['Removing block(s)', 'Removed block(s)'],
      deleteMatchingRestrictions: ['Removing block(s)', 'Removed block(s)'],
      changeRestrictions: ['Changing block(s)', 'Changed block(s)'],
      importRestrictions: ['Creating block(s)', 'Created block(s)'],
      saveZoneDomainSelfIdentifiers: ['Saving self identifiers', 'Self identifiers saved'],
      undoHistoryEntry: ['Undoing change #%{id}', 'Change #%{id} undone (%{kind}, %{publisher})'],
      updateNotificationSettings: ['Saving notification settings', 'Notification settings saved'],
      // Issue 22 (designed: the spec has no team or security page)
      updateMember: ['Changing the role of %{name}', '%{name} is now %{role} at %{publisher}'],
      removeMember: ['Removing %{name}', '%{name} removed from the team of %{publisher}'],
      createInvitation: ['Sending the invitation', 'Invitation sent'],
      revokeInvitation: ['Revoking the invitation', 'Invitation revoked'],
      setTwoFactorRequirement: ['Saving the two-factor requirement', 'Two-factor requirement saved'],
      // The ad review center (issue 28): a report, and a creative unblocked from the review.
      reportCreative: ['Sending the report', 'Report sent to the network'],
      unblockCreative: ['Removing block(s)', 'Removed block(s)'],
      resetMemberTwoFactor: ['Resetting the second factor', 'Second factor reset: the member was told by email'],
      confirmTwoFactor: ['Turning on two-factor sign-in', 'Two-factor sign-in is on'],
      disableTwoFactor: ['Turning off two-factor sign-in', 'Two-factor sign-in is off'],
      regenerateRecoveryCodes: ['Generating new recovery codes', 'New recovery codes generated: the old ones no longer work'],
      endSession: ['Ending the session', 'Session ended'],
      endOtherSessions: ['Signing out everywhere else', 'Signed out everywhere else'],
      // Issue 29 (designed)
      createApiKey: ['Creating the API key', 'API key created'],
      revokeApiKey: ['Revoking the API key', 'API key revoked'],
      // Issue 27 (designed)
      checkAdsTxtSite: ['Checking %{domain}…', '%{domain} has been checked.'],
      setSellersJsonSetting: ['Saving the sellers.json setting…', 'The sellers.json setting has been saved.'],
    });
  });

  it('names only messages that exist', () => {
    const keys = Object.values(operations).flatMap((operation) => [operation.pending, operation.success, operation.failure]);
    for (const key of keys) if (key !== undefined) expect(english(key), key).toEqual(expect.any(String));
  });
});

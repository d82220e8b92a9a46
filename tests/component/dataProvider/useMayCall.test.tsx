// A write button shows by its own operation's answer in the role table (issue 31 item 7): useMayCall reads the
// session's caller (a member's role, or network staff) against OPERATION_RULES, as canAccess does for the pages.
import { afterEach, describe, expect, it } from 'vitest';
import { renderHook } from '@testing-library/react';
import { session } from '../../../src/dataProvider/session';
import { useMayCall } from '../../../src/dataProvider/useMayCall';
import { OPERATION_RULES, type OperationId, type Role } from '../../../src/lib/roles';
import { signIn } from '../../support/renderWithAdmin';
import { publisher } from '../../support/builders';

/** The operations the console's write buttons ask about. */
const BUTTON_OPERATIONS: OperationId[] = [
  'requestZone',
  'updateZone',
  'putZoneServices',
  'addBlockedUrls',
  'deleteBlockedUrl',
  'requestSlots',
  'createRestrictions',
  'changeRestrictions',
  'deleteRestrictions',
  'importRestrictions',
  'updateMember',
  'removeMember',
  'resetMemberTwoFactor',
  'createInvitation',
  'setTwoFactorRequirement',
  'createApiKey',
  'revokeApiKey',
  'acceptGdpr',
];

const mayCall = (operation: OperationId) => renderHook(() => useMayCall(operation)).result.current;

/** What the role table itself says for a member with `role`. */
function tableSays(operation: OperationId, role: Role): boolean {
  const rule = OPERATION_RULES[operation];
  return rule.scope === 'account' || (rule.scope === 'publisher' && rule.roles.includes(role));
}

afterEach(() => session.clear());

describe('useMayCall', () => {
  it.each(['ADMIN', 'EDITOR', 'VIEWER'] as const)('answers the role table for a member with the %s role', (role) => {
    signIn({ publisher: publisher({ role }) });
    for (const operation of BUTTON_OPERATIONS) expect([operation, mayCall(operation)]).toEqual([operation, tableSays(operation, role)]);
  });

  it('tells a viewer no write and an editor the inventory but not the team', () => {
    signIn({ publisher: publisher({ role: 'VIEWER' }) });
    expect(BUTTON_OPERATIONS.filter(mayCall)).toEqual([]);
    signIn({ publisher: publisher({ role: 'EDITOR' }) });
    expect(mayCall('updateZone')).toBe(true);
    expect(mayCall('deleteRestrictions')).toBe(true);
    expect(mayCall('updateMember')).toBe(false);
    expect(mayCall('createApiKey')).toBe(false);
  });

  it('lets network staff call what the table gives staff, except making a publisher’s API keys', () => {
    signIn({ internal: true, publisher: publisher({ role: null }) });
    expect(mayCall('updateZone')).toBe(true);
    expect(mayCall('resetMemberTwoFactor')).toBe(true);
    expect(mayCall('revokeApiKey')).toBe(true);
    expect(mayCall('createApiKey')).toBe(false);
  });

  it('answers no without a selected publisher or when signed out', () => {
    signIn();
    expect(mayCall('updateZone')).toBe(false);
    session.clear();
    expect(mayCall('acceptGdpr')).toBe(false);
  });
});

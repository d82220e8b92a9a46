// The role table (issue 22) against the contract itself: every operation has exactly one rule, the rule's scope
// agrees with what the contract says of the operation (public ones carry no bearer token; a publisher's operations
// declare the 403 of a refused role and the 404 of a publisher the caller is no member of), and the table says
// what the issue asks of each role, read here as a table of role x area.
import { describe, expect, it } from 'vitest';
import { contractDocument } from '../../../server/src/http/contract';
import { OPERATION_RULES, ROLES, mayCall, rolesAllowed, type Caller, type OperationId } from '../../../src/lib/roles';

interface ContractOperation {
  operationId: string;
  security?: unknown[];
  responses: Record<string, unknown>;
  parameters?: { $ref?: string; name?: string; in?: string }[];
}

const contract = contractDocument() as {
  paths: Record<string, Record<string, ContractOperation>>;
  components: { schemas: { Role: { enum: string[] } } };
};
const operations = Object.entries(contract.paths).flatMap(([route, item]) =>
  Object.entries(item)
    .filter(([, operation]) => typeof operation === 'object' && operation !== null && 'operationId' in operation)
    .map(([method, operation]) => ({ route, method, ...operation })),
);
const rules = OPERATION_RULES as Record<string, (typeof OPERATION_RULES)[OperationId]>;

describe('the role table covers the contract', () => {
  it('has one rule per operation of the contract and none for an operation it does not have', () => {
    const ids = operations.map((operation) => operation.operationId).sort();
    expect(Object.keys(OPERATION_RULES).sort()).toEqual(ids);
  });

  it('knows the roles of the contract, in its order', () => {
    expect([...ROLES]).toEqual(contract.components.schemas.Role.enum);
  });

  it('gives the public rule exactly to the operations that carry no bearer token', () => {
    const unsecured = operations.filter((operation) => Array.isArray(operation.security) && operation.security.length === 0);
    const publicOrFrame = Object.entries(rules).filter(([, rule]) => rule.scope === 'public' || rule.scope === 'frame');
    expect(publicOrFrame.map(([id]) => id).sort()).toEqual(unsecured.map((operation) => operation.operationId).sort());
  });

  it("declares, for every publisher's operation, the 403 of a refused role and the 404 of another publisher", () => {
    const publisherOperations = operations.filter((operation) => rules[operation.operationId]?.scope === 'publisher');
    expect(publisherOperations.length).toBeGreaterThan(40);
    const undeclared = publisherOperations.filter((operation) => !('403' in operation.responses) || !('404' in operation.responses));
    expect(undeclared.map((operation) => operation.operationId)).toEqual([]);
  });

  it('gives a frame page the rights of the call that issued its address', () => {
    for (const [id, rule] of Object.entries(rules)) {
      if (rule.scope !== 'frame') continue;
      expect(rules[rule.issuedBy]?.scope, id).toBe('publisher');
      for (const caller of [...ROLES, 'STAFF', null] as Caller[]) expect(mayCall(caller, id as OperationId)).toBe(mayCall(caller, rule.issuedBy));
    }
  });
});

describe('what each role may do (issue 22)', () => {
  // One representative operation per area and verb; every operation of an area shares its rule (the table names them).
  const TABLE: [OperationId, admin: boolean, editor: boolean, viewer: boolean, finance: boolean][] = [
    ['getDashboardUrl', true, true, true, true],
    ['listMembers', true, true, true, true],
    ['updateMember', true, false, false, false],
    ['removeMember', true, false, false, false],
    ['createInvitation', true, false, false, false],
    ['setTwoFactorRequirement', true, false, false, false],
    ['resetMemberTwoFactor', false, false, false, false],
    ['searchZones', true, true, true, false],
    ['getZone', true, true, true, false],
    ['updateZone', true, true, false, false],
    ['requestSlots', true, true, false, false],
    ['listRestrictions', true, true, true, false],
    ['createRestrictions', true, true, false, false],
    ['getAdsTxt', true, true, false, false],
    ['saveZoneDomainSelfIdentifiers', true, true, false, false],
    ['listHistory', true, true, true, false],
    ['undoHistoryEntry', true, true, false, false],
    ['listPaymentLedger', true, false, false, true],
    ['getPaymentProviderUrl', true, false, false, true],
    ['acceptGdpr', true, false, false, false],
  ];

  it.each(TABLE)('%s: admin %s, editor %s, viewer %s, finance %s', (operation, admin, editor, viewer, finance) => {
    expect([mayCall('ADMIN', operation), mayCall('EDITOR', operation), mayCall('VIEWER', operation), mayCall('FINANCE', operation)]).toEqual([
      admin,
      editor,
      viewer,
      finance,
    ]);
  });

  it('lets network staff act for any publisher, and nobody signed out call anything but the public operations', () => {
    for (const id of Object.keys(rules) as OperationId[]) {
      expect(mayCall('STAFF', id), id).toBe(true);
      expect(mayCall(null, id), id).toBe(rules[id]!.scope === 'public');
    }
  });

  it('gives every signed-in user their own account, whatever their role', () => {
    for (const id of ['changePassword', 'getTwoFactor', 'listSessions', 'endOtherSessions', 'searchPublishers'] as const) {
      for (const role of ROLES) expect(mayCall(role, id)).toBe(true);
    }
  });

  it("answers the roles of a publisher's operation (the SQL of the zone search reads them)", () => {
    expect(rolesAllowed('searchZones')).toEqual(['ADMIN', 'EDITOR', 'VIEWER']);
    expect(rolesAllowed('renderPaymentProviderFrame')).toEqual(['ADMIN', 'FINANCE']);
  });
});

describe('undo follows the write it applies', () => {
  it('names a write for every reversible kind, each of a publisher', async () => {
    const { REVERSIBLE_KINDS, UNDO_WRITES } = await import('../../../src/lib/history');
    expect(Object.keys(UNDO_WRITES).sort()).toEqual([...REVERSIBLE_KINDS].sort());
    for (const write of Object.values(UNDO_WRITES)) expect(rules[write!]?.scope, write).toBe('publisher');
  });
});

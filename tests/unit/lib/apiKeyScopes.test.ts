// The API keys' scopes (issue 29, src/lib/apiKeyScopes.ts) against the contract and the role table: the contract's
// apiKeyAuth scheme is on exactly the operations some scope lists, the scopes are the contract's enumeration, each
// scope stays within the rights of its role, and no scope reaches a management operation.
import { describe, expect, it } from 'vitest';
import { contractDocument } from '../../../server/src/http/contract';
import { API_KEY_SCOPES, MANAGEMENT_OPERATIONS, SCOPE_RULES, keyMayCall, keyOperations } from '../../../src/lib/apiKeyScopes';
import { OPERATION_RULES, mayCall, type OperationId } from '../../../src/lib/roles';

interface Operation {
  operationId: string;
  security?: Record<string, unknown>[];
}
const contract = contractDocument() as {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: { ApiKeyScope: { enum: string[] } } };
};
const operations = Object.values(contract.paths).flatMap((item) => Object.values(item).filter((operation): operation is Operation => typeof operation === 'object' && operation !== null && 'operationId' in operation));

describe('API key scopes', () => {
  it('are the contract’s ApiKeyScope enumeration', () => {
    expect([...API_KEY_SCOPES]).toEqual(contract.components.schemas.ApiKeyScope.enum);
  });

  it('name exactly the operations that accept the apiKeyAuth scheme in the contract', () => {
    const accepting = operations.filter((operation) => operation.security?.some((scheme) => 'apiKeyAuth' in scheme)).map((operation) => operation.operationId);
    expect(keyOperations()).toEqual(accepting.sort());
  });

  it('stay within the rights of their role, for operations of a publisher or reference data only', () => {
    for (const scope of API_KEY_SCOPES) {
      for (const operation of SCOPE_RULES[scope].operations) {
        expect(mayCall(SCOPE_RULES[scope].role, operation), `${scope}: ${operation}`).toBe(true);
        expect(['publisher', 'account'], operation).toContain(OPERATION_RULES[operation].scope);
        expect(keyMayCall([scope], operation)).toBe(true);
      }
    }
  });

  it('never reach members, security, sessions, keys or notification settings', () => {
    for (const operation of MANAGEMENT_OPERATIONS as readonly OperationId[]) expect(keyMayCall([...API_KEY_SCOPES], operation), operation).toBe(false);
    expect(keyMayCall([...API_KEY_SCOPES], 'undoHistoryEntry')).toBe(false);
  });
});

// The contract's validators compile at their first use (server/src/http/contract.ts), so a schema that cannot compile
// would fail only the request that first needs it; production compiles them all before serving (main.ts), and this
// checks that every one of them compiles.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONTRACT_PATH, loadContract } from '../../../server/src/http/contract';

describe("the contract's validators", () => {
  it('all compile', () => {
    expect(() => loadContract().compileAll()).not.toThrow();
  });

  it('a schema that cannot compile is found by compileAll, not first by a request', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'contract-'));
    try {
      const broken = path.join(dir, 'portal.yaml');
      const yaml = await readFile(CONTRACT_PATH, 'utf8');
      await writeFile(broken, yaml.replace("$ref: '#/components/schemas/Error'", "$ref: '#/components/schemas/NoSuchSchema'"));
      const contract = loadContract(broken);
      expect(contract.operations.length).toBeGreaterThan(0);
      expect(() => contract.compileAll()).toThrow(/NoSuchSchema/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

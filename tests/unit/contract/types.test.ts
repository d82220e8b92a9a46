// The console's API types are generated from the contract (`npm run api:types`) and committed, so a change to
// openapi/portal.yaml without regenerating would let the console compile against a contract that no longer
// exists. This regenerates in memory with the same options as the script (the CLI's defaults: it passes none;
// redocly.yaml only adds lint rules, which the OpenAPI lint step of npm test checks) and compares. The same for the
// input rules the script writes beside them (openapi/portal.rules.ts, scripts/apiRules.ts).
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import openapiTS, { astToString, COMMENT_HEADER } from 'openapi-typescript';
import { describe, expect, it } from 'vitest';
import { rulesModule } from '../../../scripts/apiRules';

const ROOT = path.resolve(import.meta.dirname, '../../..');

describe('generated API types', () => {
  it('openapi/portal.d.ts is what openapi/portal.yaml generates (run npm run api:types after a contract change)', async () => {
    const ast = await openapiTS(pathToFileURL(path.join(ROOT, 'openapi/portal.yaml')), { silent: true });
    const generated = COMMENT_HEADER + astToString(ast);
    const committed = await readFile(path.join(ROOT, 'openapi/portal.d.ts'), 'utf8');
    // Line by line first: a stale file then reports the first line that differs instead of two 100 kB strings.
    const generatedLines = generated.split('\n');
    const committedLines = committed.split('\n');
    const first = generatedLines.findIndex((line, index) => line !== committedLines[index]);
    expect(
      first === -1 ? null : { line: first + 1, generated: generatedLines[first], committed: committedLines[first] },
      'openapi/portal.d.ts is stale: run npm run api:types',
    ).toBeNull();
    expect(committed).toBe(generated);
  });

  it('openapi/portal.rules.ts is what openapi/portal.yaml generates (run npm run api:types after a contract change)', async () => {
    const generated = rulesModule(await readFile(path.join(ROOT, 'openapi/portal.yaml'), 'utf8'));
    const committed = await readFile(path.join(ROOT, 'openapi/portal.rules.ts'), 'utf8');
    const generatedLines = generated.split('\n');
    const committedLines = committed.split('\n');
    const first = generatedLines.findIndex((line, index) => line !== committedLines[index]);
    expect(
      first === -1 ? null : { line: first + 1, generated: generatedLines[first], committed: committedLines[first] },
      'openapi/portal.rules.ts is stale: run npm run api:types',
    ).toBeNull();
    expect(committed).toBe(generated);
  });
});

// The import-cycle rule (eslint-rules/no-import-cycle.mjs) on small module graphs written to a temporary folder:
// the rule reads the other files of a cycle from disk, the linted one from the text under lint.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { afterAll, describe, it } from 'vitest';
import { noImportCycle } from '../../../eslint-rules/no-import-cycle.mjs';

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

const root = mkdtempSync(path.join(os.tmpdir(), 'no-import-cycle-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** Writes the files (paths relative to the temporary folder) and returns the absolute path of each. */
function files(tree: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(tree).map(([name, text]) => {
      const file = path.join(root, name);
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, text);
      return [name, file];
    }),
  );
}

const cycle = (...names: string[]) => names.map((name) => path.relative(process.cwd(), path.join(root, name))).join(' -> ');

const typeOnly = files({
  // On disk the first file imports nothing: the text under lint is what counts for the linted file.
  'typeOnly/a.ts': 'export {};\n',
  'typeOnly/b.ts': "import type { A } from './a';\nexport type B = { a?: A };\n",
});
const ring = files({
  'ring/a.ts': 'export {};\n',
  'ring/b/index.ts': "export type B = import('../c').C;\n",
  'ring/c.ts': "import type { A } from './a';\nexport type C = A[];\n",
});
const chain = files({
  'chain/a.ts': 'export {};\n',
  'chain/b.ts': "import { c } from './c';\nexport const b = c;\n",
  'chain/c.ts': "export const c = 1;\n",
  // A cycle the linted file reaches but is no part of.
  'chain/d.ts': "import type { E } from './e';\nexport type D = E;\n",
  'chain/e.ts': "import type { D } from './d';\nexport type E = D;\n",
});

new RuleTester({ languageOptions: { parser: tseslint.parser } }).run('no-import-cycle', noImportCycle, {
  valid: [
    { name: 'a chain without a way back', filename: chain['chain/a.ts'], code: "import type { B } from './b';\nexport type A = B;\n" },
    { name: 'a cycle reached but not joined', filename: chain['chain/a.ts'], code: "import type { D } from './d';\nexport type A = D;\n" },
    { name: 'packages are not followed', filename: chain['chain/a.ts'], code: "import type { Rule } from 'eslint';\nimport { readFileSync } from 'node:fs';\nexport type A = Rule.RuleModule | typeof readFileSync;\n" },
  ],
  invalid: [
    {
      name: 'two files importing each other only for types',
      filename: typeOnly['typeOnly/a.ts'],
      code: "import type { B } from './b';\nexport type A = { b?: B };\n",
      errors: [{ messageId: 'cycle', data: { cycle: cycle('typeOnly/a.ts', 'typeOnly/b.ts', 'typeOnly/a.ts') }, line: 1 }],
    },
    {
      name: 'a ring of three through a type re-export, a folder index and an import() type',
      filename: ring['ring/a.ts'],
      code: "export type { B } from './b';\nexport const a = 1;\n",
      errors: [{ messageId: 'cycle', data: { cycle: cycle('ring/a.ts', 'ring/b/index.ts', 'ring/c.ts', 'ring/a.ts') }, line: 1 }],
    },
    {
      name: 'each import that leads back is reported, a value import among them',
      filename: typeOnly['typeOnly/a.ts'],
      code: "import { readFileSync } from 'node:fs';\nimport type { B } from './b';\nimport './b.ts';\nexport const a = readFileSync;\nexport type A = B;\n",
      errors: [
        { messageId: 'cycle', line: 2 },
        { messageId: 'cycle', line: 3 },
      ],
    },
  ],
});

// Types of no-import-cycle.mjs for its TypeScript test (tests/unit/eslint-rules/noImportCycle.test.ts).
import type { ESLint, Rule } from 'eslint';

export const noImportCycle: Rule.RuleModule;
export function resolveImport(fromFile: string, specifier: string): string | null;
declare const plugin: ESLint.Plugin;
export default plugin;

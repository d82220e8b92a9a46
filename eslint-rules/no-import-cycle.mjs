// An import cycle among this project's own files is an error, type-only imports included. eslint-plugin-import's
// and eslint-plugin-import-x's no-cycle skip `import type` with no option to count it, and a type-only cycle is
// still a tangle: the server's one cycle (history/operations.ts -> http/handlers.ts -> history/record.ts) was one.
//
// Every relative import counts: `import`, `import type`, `export ... from`, `import()` and `require()`, as
// TypeScript's preProcessFile finds them (a scan, not a parse: the whole graph costs well under a second). Package
// imports are never followed. Each file's imports are read once and kept while its mtime and size stay the same;
// the linted file's own come from the text being linted. An import is reported when the module it names leads back
// to the linted file: Tarjan's strongly connected components over the files reachable from it.
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/** Tried in this order after the written specifier, as TypeScript's bundler resolution and Vite do. */
const EXTENSIONS = ['.ts', '.tsx', '.d.ts', '.mts', '.d.mts', '.js', '.jsx', '.mjs'];
const CODE = /\.(?:[cm]?[jt]sx?)$/;

const isFile = (file) => statSync(file, { throwIfNoEntry: false })?.isFile() ?? false;

/** The project file a relative specifier names, or null (a package, or nothing there). */
export function resolveImport(fromFile, specifier) {
  if (!specifier.startsWith('./') && !specifier.startsWith('../') && specifier !== '.' && specifier !== '..') return null;
  const base = path.resolve(path.dirname(fromFile), specifier);
  const candidates = [base, ...EXTENSIONS.map((ext) => base + ext), ...EXTENSIONS.map((ext) => path.join(base, `index${ext}`))];
  // `./a.js` naming a.ts (TypeScript's ESM spelling).
  if (/\.[cm]?js$/.test(base)) candidates.push(...['.ts', '.tsx', '.mts'].map((ext) => base.replace(/\.[cm]?js$/, ext)));
  const found = candidates.find(isFile);
  return found && !found.split(path.sep).includes('node_modules') ? found : null;
}

/** The specifiers a module's text imports, each with its position in the text. */
function importsOf(text) {
  return ts.preProcessFile(text, true, true).importedFiles.map(({ fileName, pos, end }) => ({ specifier: fileName, pos, end }));
}

/** file -> { mtimeMs, size, deps }: every file's resolved imports, read once per version of the file. */
const cache = new Map();

function depsOnDisk(file) {
  if (!CODE.test(file)) return [];
  const stat = statSync(file, { throwIfNoEntry: false });
  if (!stat) return [];
  const known = cache.get(file);
  if (known && known.mtimeMs === stat.mtimeMs && known.size === stat.size) return known.deps;
  const deps = [...new Set(importsOf(readFileSync(file, 'utf8')).map(({ specifier }) => resolveImport(file, specifier)).filter(Boolean))];
  cache.set(file, { mtimeMs: stat.mtimeMs, size: stat.size, deps });
  return deps;
}

/** The files in the linted file's strongly connected component (Tarjan, iterative). */
function componentOf(root, depsOf) {
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  let counter = 0;
  const enter = (node) => {
    index.set(node, counter);
    low.set(node, counter);
    counter++;
    stack.push(node);
    onStack.add(node);
    return { node, deps: depsOf(node), next: 0 };
  };
  const frames = [enter(root)];
  while (frames.length > 0) {
    const frame = frames[frames.length - 1];
    if (frame.next < frame.deps.length) {
      const dep = frame.deps[frame.next++];
      if (!index.has(dep)) frames.push(enter(dep));
      else if (onStack.has(dep)) low.set(frame.node, Math.min(low.get(frame.node), index.get(dep)));
      continue;
    }
    frames.pop();
    const parent = frames[frames.length - 1];
    if (parent) low.set(parent.node, Math.min(low.get(parent.node), low.get(frame.node)));
    if (low.get(frame.node) === index.get(frame.node)) {
      const component = new Set();
      let member;
      do {
        member = stack.pop();
        onStack.delete(member);
        component.add(member);
      } while (member !== frame.node);
      // The root's component is the last to close; the others are not needed.
      if (frame.node === root) return component;
    }
  }
  return new Set([root]);
}

/** The shortest way from `start` back to `root` inside their component, for the message. */
function pathBack(start, root, component, depsOf) {
  const previous = new Map([[start, null]]);
  const queue = [start];
  while (queue.length > 0) {
    const node = queue.shift();
    if (node === root) break;
    for (const dep of depsOf(node)) {
      if (component.has(dep) && !previous.has(dep)) {
        previous.set(dep, node);
        queue.push(dep);
      }
    }
  }
  const way = [];
  for (let node = root; node !== null && node !== undefined; node = previous.get(node)) way.unshift(node);
  return way;
}

/** @type {import('eslint').Rule.RuleModule} */
export const noImportCycle = {
  meta: {
    type: 'problem',
    docs: { description: 'Forbid an import cycle among the project\'s own files, type-only imports included' },
    schema: [],
    messages: {
      cycle: 'Import cycle: {{cycle}}. Type-only imports count too: move what both sides need into a module that imports neither.',
    },
  },
  create(context) {
    const root = context.physicalFilename;
    if (!path.isAbsolute(root)) return {};
    return {
      'Program:exit'() {
        const { sourceCode } = context;
        const own = importsOf(sourceCode.text)
          .map((found) => ({ ...found, file: resolveImport(root, found.specifier) }))
          .filter((found) => found.file !== null);
        const ownDeps = [...new Set(own.map(({ file }) => file))];
        const depsOf = (file) => (file === root ? ownDeps : depsOnDisk(file));
        const component = componentOf(root, depsOf);
        if (component.size === 1 && !ownDeps.includes(root)) return;
        const relative = (file) => path.relative(process.cwd(), file);
        for (const { file, pos, end } of own) {
          if (!component.has(file)) continue;
          const cycle = [root, ...(file === root ? [root] : pathBack(file, root, component, depsOf))].map(relative).join(' -> ');
          context.report({
            loc: { start: sourceCode.getLocFromIndex(pos), end: sourceCode.getLocFromIndex(end) },
            messageId: 'cycle',
            data: { cycle },
          });
        }
      },
    };
  },
};

export default { meta: { name: 'local' }, rules: { 'no-import-cycle': noImportCycle } };

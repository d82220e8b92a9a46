// Bundle-size budget (run by `npm test` after the build): the JavaScript a browser must download before /login
// is usable, compressed as the server sends it, must stay within bench/budget.json.
//
// "Before /login is usable" = the entry chunk(s) that dist/index.html loads plus everything they import
// statically (what Vite lists as modulepreload). Lazy chunks (the admin screens behind the login) are reported,
// not counted. Everything is derived from dist/ itself (index.html and, when the build writes one, Vite's
// manifest), never from chunk names, so the check follows whatever split the console uses.
//
// Usage: node scripts/check-budget.mjs [--dist dist] [--budget bench/budget.json] [--json out.json]
import { existsSync } from 'node:fs';
import { mkdir, readFile, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs, promisify } from 'node:util';
import { pathToFileURL } from 'node:url';
import zlib from 'node:zlib';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Attributes of every <script> and <link> tag of an HTML document (Vite writes plain, well-formed tags). */
export function htmlTags(html) {
  const tags = [];
  for (const match of html.matchAll(/<(script|link)\b([^>]*)>/gi)) {
    const attributes = {};
    for (const attr of (match[2] ?? '').matchAll(/([^\s=/]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?/g)) {
      attributes[attr[1].toLowerCase()] = attr[2] ?? attr[3] ?? attr[4] ?? '';
    }
    tags.push({ tag: (match[1] ?? '').toLowerCase(), attributes });
  }
  return tags;
}

/** dist-relative path of a URL in index.html ("/assets/x.js", "./assets/x.js", "assets/x.js"); null if external. */
function distPath(url) {
  if (/^[a-z][a-z0-9+.-]*:|^\/\//i.test(url)) return null;
  return path.posix.normalize(url.split(/[?#]/)[0].replace(/^\.?\//, ''));
}

async function sizes(distDir, file) {
  const full = path.join(distDir, file);
  const source = await readFile(full);
  // The precompressed copies are exactly what the server sends. Without one (never built, or compress-dist left it
  // out because it was not smaller) the server sends the plain file, so a computed size never exceeds the raw one.
  const br = existsSync(`${full}.br`)
    ? (await readFile(`${full}.br`)).length
    : (await brotli(source, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } })).length;
  const gz = existsSync(`${full}.gz`) ? (await readFile(`${full}.gz`)).length : (await gzip(source, { level: 9 })).length;
  return { file, bytes: source.length, br: Math.min(br, source.length), gz: Math.min(gz, source.length) };
}

async function jsFiles(dir, base = '') {
  const found = [];
  for (const entry of await readdir(path.join(dir, base), { withFileTypes: true })) {
    const rel = base ? `${base}/${entry.name}` : entry.name;
    if (entry.isDirectory() && entry.name !== '.vite') found.push(...(await jsFiles(dir, rel)));
    else if (entry.isFile() && /\.m?js$/.test(entry.name)) found.push(rel);
  }
  return found;
}

/**
 * The initial and the lazy JavaScript of a built console.
 * @param {string} distDir
 */
export async function measureBundle(distDir) {
  const indexFile = path.join(distDir, 'index.html');
  if (!existsSync(indexFile)) throw new Error(`${indexFile} does not exist: run npm run build first`);
  const tags = htmlTags(await readFile(indexFile, 'utf8'));
  const referenced = [];
  for (const { tag, attributes } of tags) {
    const url = tag === 'script' && attributes.type === 'module' ? attributes.src : tag === 'link' && attributes.rel === 'modulepreload' ? attributes.href : undefined;
    const file = url ? distPath(url) : null;
    if (file && !referenced.includes(file)) referenced.push(file);
  }

  // With build.manifest on, the manifest's static `imports` are followed too: a chunk imported by an entry but
  // missing from index.html's preloads is still downloaded before the page can run.
  const manifestFile = path.join(distDir, '.vite', 'manifest.json');
  const manifest = existsSync(manifestFile) ? JSON.parse(await readFile(manifestFile, 'utf8')) : null;
  const byFile = new Map(manifest ? Object.entries(manifest).map(([key, chunk]) => [chunk.file, { key, ...chunk }]) : []);
  const initial = new Set();
  const visit = (file) => {
    if (initial.has(file)) return;
    initial.add(file);
    for (const key of byFile.get(file)?.imports ?? []) {
      const imported = manifest[key]?.file;
      if (imported) visit(imported);
    }
  };
  referenced.forEach(visit);
  if (initial.size === 0) throw new Error(`${indexFile} loads no module script: is it a Vite build?`);
  for (const file of initial) {
    if (!existsSync(path.join(distDir, file))) throw new Error(`${file}, loaded by index.html, is missing from ${distDir}`);
  }

  const label = (file) => {
    const chunk = byFile.get(file);
    return chunk ? (chunk.src ?? chunk.name ?? chunk.key) : undefined;
  };
  const all = await jsFiles(distDir);
  const measure = async (files) =>
    (await Promise.all(files.map((file) => sizes(distDir, file)))).map((s) => ({ ...s, source: label(s.file) }));
  return {
    manifest: Boolean(manifest),
    initial: await measure([...initial]),
    lazy: (await measure(all.filter((file) => !initial.has(file)))).sort((a, b) => b.br - a.br),
  };
}

const sum = (items, key) => items.reduce((total, item) => total + item[key], 0);
const kb = (bytes) => (bytes / 1000).toFixed(1);

function table(items) {
  const rows = items.map((i) => `  ${kb(i.bytes).padStart(8)} ${kb(i.br).padStart(8)} ${kb(i.gz).padStart(8)}  ${i.file}${i.source ? `  (${i.source})` : ''}`);
  return ['       raw       br     gzip  (kB)', ...rows, `  ${kb(sum(items, 'bytes')).padStart(8)} ${kb(sum(items, 'br')).padStart(8)} ${kb(sum(items, 'gz')).padStart(8)}  total`].join('\n');
}

/**
 * Budget verdicts: each limit in the budget file against the measured figures.
 * @param {{ initialJavaScript: { maxKB: number, encoding: 'br' | 'gz' }, largestLazyChunk?: { maxKB: number, encoding: 'br' | 'gz' } }} budget
 */
export function verdicts(budget, measured) {
  const checks = [];
  const initial = budget.initialJavaScript;
  checks.push({
    name: `JavaScript before /login is usable (${initial.encoding})`,
    bytes: sum(measured.initial, initial.encoding),
    maxBytes: initial.maxKB * 1000,
  });
  if (budget.largestLazyChunk && measured.lazy.length) {
    const lazy = budget.largestLazyChunk;
    const largest = measured.lazy.reduce((a, b) => (b[lazy.encoding] > a[lazy.encoding] ? b : a));
    checks.push({ name: `largest lazy chunk ${largest.file} (${lazy.encoding})`, bytes: largest[lazy.encoding], maxBytes: lazy.maxKB * 1000 });
  }
  return checks.map((c) => ({ ...c, ok: c.bytes <= c.maxBytes }));
}

async function main() {
  const { values } = parseArgs({
    options: {
      dist: { type: 'string', default: 'dist' },
      budget: { type: 'string', default: 'bench/budget.json' },
      json: { type: 'string', default: 'bench/results/bundle.json' },
    },
  });
  const budget = JSON.parse(await readFile(values.budget, 'utf8'));
  const measured = await measureBundle(path.resolve(values.dist));
  console.log(`Initial JavaScript (index.html entry + static imports${measured.manifest ? ', from the Vite manifest' : ', from index.html'}):`);
  console.log(table(measured.initial));
  console.log(`\nLazy JavaScript (loaded after sign-in or on demand), ${measured.lazy.length} chunks:`);
  console.log(measured.lazy.length ? table(measured.lazy) : '  none');
  const results = verdicts(budget, measured);
  console.log('');
  for (const r of results) {
    console.log(`${r.ok ? 'within budget' : 'OVER BUDGET  '}  ${r.name}: ${kb(r.bytes)} kB (${r.bytes} B) of ${kb(r.maxBytes)} kB`);
  }
  await mkdir(path.dirname(values.json), { recursive: true });
  await writeFile(values.json, `${JSON.stringify({ measuredAt: new Date().toISOString(), ...measured, budget: results }, null, 2)}\n`);
  if (results.some((r) => !r.ok)) {
    console.error('\nThe bundle exceeds bench/budget.json: split the new code into a lazy chunk, or change the budget with a reason.');
    process.exit(1);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error) => {
    console.error(`check-budget: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
}

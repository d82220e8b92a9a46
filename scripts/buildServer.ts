// The API server as one ES module bundle (esbuild), which `npm start`, `npm run serve`, the browser tests and the
// cluster's instances run with plain `node`. A profile of `node --import tsx server/src/main.ts` under load gave 6 of
// its 15.7 s to module loading through tsx's hooks (every import answered by a loader thread); measured one after the
// other, a start's CPU time went from 11.4 s to 9.2 s (README, performance table).
// Packages stay external (Node loads them from node_modules, as before), so the bundle must live inside the project.
// Built by `npm run build` into dist-server/; the test runs build their own copy of the code as it is now.
//
//   node --import tsx scripts/buildServer.ts        writes dist-server/
import { readFile } from 'node:fs/promises';
import { mkdtempSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build, type Plugin } from 'esbuild';

const ROOT = path.resolve(import.meta.dirname, '..');
const ENTRY = path.join(ROOT, 'server/src/main.ts');
export const SERVER_BUNDLE_DIR = path.join(ROOT, 'dist-server');
/** The node arguments that run a bundle: stack traces point into the TypeScript sources. */
export const serverArgs = (dir: string): string[] => ['--enable-source-maps', path.join(dir, 'main.js')];

/**
 * Each module keeps its own location: the server finds the contract and its migrations next to its source
 * (import.meta.url), which in a bundle would otherwise be the bundle's. The bundle is built where it runs.
 */
const ownLocation: Plugin = {
  name: 'own-location',
  setup(builder) {
    builder.onLoad({ filter: /\.tsx?$/ }, async ({ path: file }) => {
      if (file.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
      const text = await readFile(file, 'utf8');
      if (!text.includes('import.meta.')) return undefined;
      return {
        contents: text
          .replaceAll('import.meta.url', JSON.stringify(pathToFileURL(file).href))
          .replaceAll('import.meta.dirname', JSON.stringify(path.dirname(file)))
          .replaceAll('import.meta.filename', JSON.stringify(file)),
        loader: file.endsWith('x') ? 'tsx' : 'ts',
      };
    });
  },
};

/**
 * Builds the server into `outdir` and returns it. The directory is not emptied first: a server already running from
 * it loads its charts chunk at its first dashboard, and an earlier build's chunk must still be there then.
 */
export async function buildServer(outdir: string = SERVER_BUNDLE_DIR): Promise<string> {
  await build({
    entryPoints: { main: ENTRY },
    outdir,
    bundle: true,
    // The dashboards' charts are imported when first drawn (dashboardPage.ts): their own chunk, loaded then.
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    sourcemap: 'linked',
    logLevel: 'warning',
    plugins: [ownLocation],
  });
  return outdir;
}

/**
 * A bundle of the code as it is now, for a test run or a local cluster, in a directory of its own under
 * node_modules/.cache (where its packages resolve) that is removed when this process exits. Built once per process.
 */
let temporary: Promise<string> | undefined;
export function temporaryServerBuild(): Promise<string> {
  temporary ??= (async () => {
    const cache = path.join(ROOT, 'node_modules', '.cache');
    mkdirSync(cache, { recursive: true });
    const dir = mkdtempSync(path.join(cache, 'portal-server-'));
    process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
    return buildServer(dir);
  })();
  return temporary;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const started = Date.now();
  await buildServer();
  console.log(`build-server: ${path.relative(ROOT, SERVER_BUNDLE_DIR)}/ in ${Date.now() - started} ms`);
}

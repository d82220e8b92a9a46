// Second half of `npm run build`: writes a Brotli (.br) and a gzip (.gz) copy next to every compressible file
// in dist/, so the server (@fastify/static preCompressed) sends the smallest encoding a browser accepts without
// compressing on every request, and at the highest levels, which are too slow to use per request.
//
// Usage: node scripts/compress-dist.mjs [dir]   (default dist)
import { readdir, readFile, writeFile, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Formats that are already compressed (images, fonts) gain nothing and are served as they are. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|map|ico|webmanifest|wasm)$/i;

async function* files(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (entry.isFile()) yield full;
  }
}

async function compressOne(file) {
  const source = await readFile(file);
  const [br, gz] = await Promise.all([
    brotli(source, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: source.length,
      },
    }),
    gzip(source, { level: zlib.constants.Z_BEST_COMPRESSION }),
  ]);
  const written = { file, size: source.length, br: 0, gz: 0 };
  // A copy that is not smaller only costs bytes on disk; without it the server falls back to the next encoding.
  for (const [ext, data] of [['br', br], ['gz', gz]]) {
    if (data.length < source.length) {
      await writeFile(`${file}.${ext}`, data);
      written[ext] = data.length;
    } else {
      await rm(`${file}.${ext}`, { force: true });
    }
  }
  return written;
}

export async function compressDist(dir) {
  const targets = [];
  for await (const file of files(dir)) {
    if (COMPRESSIBLE.test(file)) targets.push(file);
  }
  // zlib's async calls run on libuv's thread pool, so this uses both cores without worker code of our own.
  return Promise.all(targets.map(compressOne));
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const dir = path.resolve(process.argv[2] ?? 'dist');
  if (!(await stat(dir).catch(() => null))?.isDirectory()) {
    console.error(`compress-dist: ${dir} does not exist; run vite build first`);
    process.exit(1);
  }
  const started = Date.now();
  const results = await compressDist(dir);
  const total = (key) => results.reduce((sum, r) => sum + r[key], 0);
  const kb = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;
  console.log(
    `compress-dist: ${results.length} files, ${kb(total('size'))} -> br ${kb(total('br'))}, gzip ${kb(total('gz'))} ` +
      `in ${Date.now() - started} ms`,
  );
}

// `npm run dev`: the reference server (restarted on every change under server/) and Vite's dev server (hot
// reload; vite.config.ts proxies the API paths to the server) in one terminal. Ctrl-C stops both; if either
// stops by itself, the other is stopped too, so a crash is never hidden behind a console that still loads.
import { spawn } from 'node:child_process';
import path from 'node:path';
import readline from 'node:readline';

const ROOT = path.resolve(import.meta.dirname, '..');
const colors = { api: '\x1b[36m', web: '\x1b[35m' };
const tag = (name) => (process.stdout.isTTY ? `${colors[name]}[${name}]\x1b[0m` : `[${name}]`);

const processes = [
  {
    name: 'api',
    command: process.execPath,
    args: ['--import', 'tsx', '--watch', 'server/src/main.ts'],
    // Vite's dev server proxies from this machine with X-Forwarded-*: trusted, so the server sees the browser's
    // address and does not warn of forwarded headers from an untrusted peer (unless TRUST_PROXY says otherwise).
    env: { NODE_ENV: 'development', TRUST_PROXY: process.env.TRUST_PROXY ?? '127.0.0.1' },
  },
  {
    name: 'web',
    command: process.execPath,
    args: [path.join(ROOT, 'node_modules/vite/bin/vite.js')],
    // vite.config.ts proxies to API_URL: follow the server when PORT moves it off 8080.
    env: process.env.PORT && !process.env.API_URL ? { API_URL: `http://127.0.0.1:${process.env.PORT}` } : {},
  },
];

let stopping = false;
const children = processes.map(({ name, command, args, env }) => {
  const child = spawn(command, args, {
    cwd: ROOT,
    env: { ...process.env, FORCE_COLOR: process.stdout.isTTY ? '1' : '0', ...env },
    // Own process group, so Ctrl-C reaches each through us once, in order, instead of racing the terminal's copy.
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  for (const stream of [child.stdout, child.stderr]) {
    readline.createInterface({ input: stream }).on('line', (line) => console.log(`${tag(name)} ${line}`));
  }
  child.on('exit', (code, signal) => {
    console.log(`${tag(name)} stopped (${signal ?? `exit ${code}`})`);
    if (!stopping) stop(code ?? 1);
  });
  return child;
});

function stop(exitCode) {
  if (stopping) return;
  stopping = true;
  const running = children.filter((c) => c.exitCode === null && c.signalCode === null);
  for (const child of running) {
    try {
      process.kill(-child.pid, 'SIGTERM'); // the whole group: node --watch's server child and Vite's esbuild
    } catch {
      // already gone
    }
  }
  const force = setTimeout(() => {
    for (const child of running) {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
  }, 5000).unref();
  Promise.all(running.map((c) => new Promise((resolve) => (c.exitCode !== null || c.signalCode !== null ? resolve() : c.once('exit', resolve))))).then(() => {
    clearTimeout(force);
    process.exit(exitCode);
  });
}

process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));
console.log(`${tag('api')} reference server on http://127.0.0.1:${process.env.PORT ?? 8080}   ${tag('web')} console with hot reload on http://localhost:5173`);

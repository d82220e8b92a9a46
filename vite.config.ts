import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The console is served by the reference server in `npm start`; `npm run dev` proxies the API to it.
const apiTarget = process.env.API_URL ?? 'http://127.0.0.1:8080';
const proxied = ['/auth', '/external', '/frames', '/mail', '/dev', '/config.json', '/api-docs', '/healthz'];

/**
 * The public pages (entry chunk) use only these libraries; everything else from node_modules is the admin app's
 * (react-admin, MUI and their helpers) and goes to one lazily loaded vendor chunk, cached across deployments of
 * the app's own code. Dependencies are not pulled into the group recursively: that would drag react into it and
 * make the sign-in page download the whole vendor chunk. A library newly used by a public page must be added
 * here, or the entry would import the vendor chunk (the bundle budget in npm test catches that).
 */
const PUBLIC_PAGE_LIBRARIES =
  /[\\/]node_modules[\\/](react|react-dom|scheduler|openapi-fetch|ipaddr\.js)[\\/]|[\\/]ra-core[\\/]dist[\\/]dataProvider[\\/]HttpError\./;

/**
 * Libraries only some lazily loaded screens need stay out of the vendor chunk and travel with those screens:
 * tldts (public-suffix list, ~110 kB) serves the zone forms' domain and URL rules; qrcode draws the two-factor
 * set-up's QR code (issue 22), imported on demand by src/components/QrCode.tsx, also from the sign-in page,
 * which must not download the whole vendor chunk for it.
 */
const SCREEN_LIBRARIES = /[\\/]node_modules[\\/](tldts(-core)?|qrcode|dijkstrajs)[\\/]/;

const isAdminVendor = (id: string) =>
  /[\\/]node_modules[\\/]/.test(id) && !PUBLIC_PAGE_LIBRARIES.test(id) && !SCREEN_LIBRARIES.test(id);

export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    // xfwd: the server sees the browser's address and scheme in X-Forwarded-For/-Proto as behind any proxy, read
    // when TRUST_PROXY names this one; the development mailbox refuses proxied requests, so it stays on :8080.
    proxy: Object.fromEntries(proxied.map((path) => [path, { target: apiTarget, changeOrigin: false, xfwd: true }])),
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    target: 'es2022',
    // dist/.vite/manifest.json lets the bundle budget (scripts/check-budget.mjs) follow the entry's static imports.
    manifest: true,
    // The admin vendor chunk is large by nature (react-admin + MUI) and only loads after sign-in.
    chunkSizeWarningLimit: 800,
    rolldownOptions: {
      treeshake: {
        // tldts has no side effects but does not say so (no "sideEffects": false), so its ~110 kB public-suffix
        // trie stayed in the entry chunk whenever a module importing src/lib/hosts.ts was, even unused.
        moduleSideEffects: (id: string) => !/[\\/]node_modules[\\/]tldts(-core)?[\\/]/.test(id),
      },
      output: {
        codeSplitting: {
          includeDependenciesRecursively: false,
          groups: [{ name: 'admin-vendor', test: isAdminVendor }],
        },
      },
    },
  },
});

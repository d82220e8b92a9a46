import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The console is served by the reference server in `npm start`; `npm run dev` proxies the API to it.
const apiTarget = process.env.API_URL ?? 'http://127.0.0.1:8080';
const proxied = ['/auth', '/external', '/frames', '/dev', '/config.json', '/api-docs'];

export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: Object.fromEntries(proxied.map((path) => [path, { target: apiTarget, changeOrigin: false }])),
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    target: 'es2022',
  },
});

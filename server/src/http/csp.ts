// The Content-Security-Policy of each kind of answer: the console, the API documentation, and the pages meant to
// be framed by the console (dashboards, payment provider). Kept apart from app.ts so the frame routes can use it
// without importing the app that registers them.
import type { ServerConfig } from '../config';

const originsOf = (urls: readonly string[]) => urls.filter((url) => /^https?:\/\//.test(url)).map((url) => new URL(url).origin);

/**
 * The console and every API answer: same-origin only, plus the configured backends for the API calls. Frames
 * only from the API backends, which serve the dashboard and payment-provider pages (their addresses are relative
 * to the API).
 */
export function consoleCsp(config: ServerConfig): string {
  const apis = originsOf([config.console.productionApiBaseUrl, config.console.stagingApiBaseUrl]);
  const backends = originsOf([
    config.console.productionApiBaseUrl,
    config.console.productionAuthBaseUrl,
    config.console.stagingApiBaseUrl,
    config.console.stagingAuthBaseUrl,
  ]);
  return [
    "default-src 'self'",
    "script-src 'self'",
    // MUI (emotion) injects <style> elements at run time.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self' data:",
    `connect-src 'self' ${backends.join(' ')}`.trim(),
    `frame-src 'self' ${[...new Set(apis)].join(' ')}`.trim(),
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join('; ');
}

/** Header for the pages meant to be framed: only the console's origins may frame them. */
export function frameAncestors(config: ServerConfig): string {
  return `default-src 'none'; style-src 'unsafe-inline'; img-src data:; script-src 'none'; frame-ancestors 'self' ${config.consoleOrigins.join(' ')}`.trim();
}

/**
 * A creative's preview (issue 28): an SVG the network keeps of an ad, which may hold anything an ad holds. Nothing
 * in it may run or load: no script, no connection, no font or frame, images only from the portal itself, the
 * answer sandboxed even when opened on its own (no scripts, an opaque origin), framed only by the console.
 */
export function creativePreviewCsp(config: ServerConfig): string {
  return `default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; script-src 'none'; base-uri 'none'; form-action 'none'; sandbox; frame-ancestors 'self' ${config.consoleOrigins.join(' ')}`.trim();
}

/** Swagger UI at /api-docs: its own scripts and inline styles, never framed. */
export const API_DOCS_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; frame-ancestors 'none'";

import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../server/src/config';
import { consoleCsp, frameAncestors } from '../../../server/src/http/csp';

const directive = (csp: string, name: string) => csp.split('; ').find((part) => part.startsWith(`${name} `));

describe('the console CSP', () => {
  it('frames only its own origin when the API is its own', () => {
    expect(directive(consoleCsp(loadConfig({})), 'frame-src')).toBe("frame-src 'self'");
  });

  it('frames the configured API backends, which serve the dashboard and payment pages, and nothing else', () => {
    const config = loadConfig({
      PORTAL_PRODUCTION_API_URL: 'https://api.adnetwork.example/base',
      PORTAL_STAGING_API_URL: 'https://api.staging.adnetwork.example',
      PORTAL_PRODUCTION_AUTH_URL: 'https://auth.adnetwork.example',
    });
    expect(directive(consoleCsp(config), 'frame-src')).toBe("frame-src 'self' https://api.adnetwork.example https://api.staging.adnetwork.example");
    expect(directive(consoleCsp(config), 'connect-src')).toContain('https://auth.adnetwork.example');
  });
});

describe('the framed pages', () => {
  it('may be framed by the console only and run no script', () => {
    const csp = frameAncestors(loadConfig({ CONSOLE_ORIGINS: 'https://portal.adnetwork.example' }));
    expect(directive(csp, 'frame-ancestors')).toBe("frame-ancestors 'self' https://portal.adnetwork.example");
    expect(directive(csp, 'script-src')).toBe("script-src 'none'");
  });
});

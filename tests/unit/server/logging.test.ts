import { describe, expect, it } from 'vitest';
import { redactUrl } from '../../../server/src/http/logging';

describe('URLs in the log', () => {
  it('mask reset tokens, sign-in tokens and frame tokens, and keep everything else', () => {
    expect(redactUrl('/auth?tk=abc123&ts=1700000000000&ue=a%40b.example')).toBe('/auth?tk=***&ts=1700000000000&ue=a%40b.example');
    expect(redactUrl('/browse?page=2&jwt=eyJ.x.y')).toBe('/browse?page=2&jwt=***');
    expect(redactUrl('/frames/dashboard?token=signed.mac#top')).toBe('/frames/dashboard?token=***#top');
    expect(redactUrl('/external/zones?stk=1&name=tk=2')).toBe('/external/zones?stk=1&name=tk=2');
    expect(redactUrl('/healthz')).toBe('/healthz');
  });
});

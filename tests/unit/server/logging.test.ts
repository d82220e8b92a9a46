import { describe, expect, it } from 'vitest';
import { redactUrl } from '../../../server/src/http/logging';

describe('URLs in the log', () => {
  it('mask reset tokens, sign-in tokens, frame tokens and the development mailbox key, and keep everything else', () => {
    expect(redactUrl('/dev/mailbox?key=Zx9_secret-key&to=a%40b.example')).toBe('/dev/mailbox?key=***&to=a%40b.example');
    expect(redactUrl('/dev/mailbox?%6Bey=abc&KEY=def')).toBe('/dev/mailbox?%6Bey=***&KEY=***');
    expect(redactUrl('/auth?tk=abc123&ts=1700000000000&ue=a%40b.example')).toBe('/auth?tk=***&ts=1700000000000&ue=a%40b.example');
    expect(redactUrl('/browse?page=2&jwt=eyJ.x.y')).toBe('/browse?page=2&jwt=***');
    expect(redactUrl('/frames/dashboard?token=signed.mac#top')).toBe('/frames/dashboard?token=***#top');
    expect(redactUrl('/external/zones?stk=1&name=tk=2')).toBe('/external/zones?stk=1&name=tk=2');
    expect(redactUrl('/healthz')).toBe('/healthz');
  });

  it('mask them however the name is spelled: percent-encoded, in brackets, in capitals', () => {
    expect(redactUrl('/auth?%74k=abc&ts=1')).toBe('/auth?%74k=***&ts=1');
    expect(redactUrl('/auth?tk[]=abc&TK=def&Jwt%5B0%5D=ghi&%54oken=jkl')).toBe('/auth?tk[]=***&TK=***&Jwt%5B0%5D=***&%54oken=***');
    expect(redactUrl('/auth?+tk=abc&tk')).toBe('/auth?+tk=***&tk');
  });

  it('mask a parameter whose name cannot be decoded, rather than guess', () => {
    expect(redactUrl('/auth?%E0%A4%A=abc&ts=1')).toBe('/auth?%E0%A4%A=***&ts=1');
  });
});

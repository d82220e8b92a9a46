import { describe, expect, it } from 'vitest';
import {
  environmentBannerKey,
  environmentForHost,
  isRecent,
  TERMS_CUTOFF,
  usesNewTermsLink,
} from '../../../src/lib/publisherRules';

describe('usesNewTermsLink', () => {
  it('has the spec cut-off', () => {
    expect(TERMS_CUTOFF).toBe('2022-11-25');
  });

  it('always uses the new link for legacy just-premium publishers', () => {
    expect(usesNewTermsLink({ isLegacyJustPremium: true, createdAt: '2015-01-01T00:00:00Z' })).toBe(true);
    expect(usesNewTermsLink({ isLegacyJustPremium: true, createdAt: null })).toBe(true);
  });

  it('uses the new link only for publishers created after the cut-off', () => {
    expect(usesNewTermsLink({ isLegacyJustPremium: false, createdAt: '2022-11-24T23:59:59Z' })).toBe(false);
    expect(usesNewTermsLink({ isLegacyJustPremium: false, createdAt: '2022-11-25T00:00:00Z' })).toBe(false);
    expect(usesNewTermsLink({ isLegacyJustPremium: false, createdAt: '2022-11-25T00:00:01Z' })).toBe(true);
    expect(usesNewTermsLink({ isLegacyJustPremium: false, createdAt: '2023-03-01T10:00:00Z' })).toBe(true);
    expect(usesNewTermsLink({ isLegacyJustPremium: false, createdAt: new Date('2024-01-01T00:00:00Z') })).toBe(true);
    expect(usesNewTermsLink({ isLegacyJustPremium: false, createdAt: Date.UTC(2021, 0, 1) })).toBe(false);
  });

  it('treats a missing or unparsable date as old', () => {
    expect(usesNewTermsLink({ isLegacyJustPremium: false })).toBe(false);
    expect(usesNewTermsLink({ isLegacyJustPremium: false, createdAt: '' })).toBe(false);
    expect(usesNewTermsLink({ isLegacyJustPremium: false, createdAt: 'yesterday' })).toBe(false);
  });
});

describe('isRecent', () => {
  const now = Date.UTC(2024, 5, 1, 12, 0, 0);
  const hour = 60 * 60 * 1000;

  it('is true within 24 hours, boundary included', () => {
    expect(isRecent(now, now)).toBe(true);
    expect(isRecent(now - hour, now)).toBe(true);
    expect(isRecent(now - 24 * hour, now)).toBe(true);
    expect(isRecent(new Date(now - 23 * hour), now)).toBe(true);
    expect(isRecent('2024-05-31T12:30:00Z', now)).toBe(true);
  });

  it('is false beyond 24 hours', () => {
    expect(isRecent(now - 24 * hour - 1, now)).toBe(false);
    expect(isRecent('2024-05-30T12:00:00Z', now)).toBe(false);
  });

  it('counts a slightly future timestamp as recent, a far one not', () => {
    expect(isRecent(now + 5 * 60 * 1000, now)).toBe(true);
    expect(isRecent(now + 25 * hour, now)).toBe(false);
  });

  it('is false for an unparsable timestamp', () => {
    expect(isRecent('not a date', now)).toBe(false);
  });

  it('defaults now to the current time', () => {
    expect(isRecent(Date.now() - hour)).toBe(true);
    expect(isRecent(Date.now() - 48 * hour)).toBe(false);
  });
});

describe('environmentForHost', () => {
  const hosts = { production: 'portal.adnetwork.example', staging: 'portal.staging.adnetwork.example' };

  it('matches production and staging exactly', () => {
    expect(environmentForHost('portal.adnetwork.example', hosts)).toBe('production');
    expect(environmentForHost('PORTAL.adnetwork.example', hosts)).toBe('production');
    expect(environmentForHost('portal.staging.adnetwork.example', hosts)).toBe('staging');
  });

  it('treats everything else as development', () => {
    expect(environmentForHost('localhost', hosts)).toBe('development');
    expect(environmentForHost('127.0.0.1', hosts)).toBe('development');
    expect(environmentForHost('evil-portal.adnetwork.example', hosts)).toBe('development');
    expect(environmentForHost('portal.adnetwork.example.evil.com', hosts)).toBe('development');
    expect(environmentForHost('x.portal.adnetwork.example', hosts)).toBe('development');
  });

  it('never matches an empty configured host', () => {
    expect(environmentForHost('', { production: '', staging: '' })).toBe('development');
  });

  it('shows a banner key outside production only', () => {
    expect(environmentBannerKey('production')).toBeNull();
    expect(environmentBannerKey('staging')).toBe('layout.environment.staging');
    expect(environmentBannerKey('development')).toBe('layout.environment.development');
  });
});

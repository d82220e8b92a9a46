// Record builders for console tests: contract-shaped objects with sensible defaults, overridable per test.
import type { ConsoleConfig, RuntimeConfig } from '../../src/config/runtimeConfig';
import type { components } from '../../openapi/portal';
import type { TokenPayload } from '../../src/dataProvider/token';
import { service } from './referenceData';

type Schemas = components['schemas'];
export type Publisher = Schemas['Publisher'];

/** Absolute bases: Node has no page origin to resolve '' against. Distinct hosts make routing visible. */
export const TEST_API_BASE = 'http://api.portal.test';
export const TEST_AUTH_BASE = 'http://auth.portal.test';

export const NOW_MS = Date.UTC(2026, 0, 15, 12, 0, 0);
const HOUR_S = 3600;

export function publisher(overrides: Partial<Publisher> = {}): Publisher {
  return {
    id: 101,
    name: 'Solo Media',
    businessUnit: { id: 1, name: 'United States' },
    createdAt: '2021-03-14T00:00:00.000Z',
    gdprAcceptedAt: null,
    hasSlotRevenue: false,
    passbackAdvertiser: null,
    passbackCampaigns: 0,
    hasInVideoZones: false,
    role: 'ADMIN',
    requireTwoFactor: false,
    ...overrides,
  };
}

export function legacyPublisher(overrides: Partial<Publisher> = {}): Publisher {
  return publisher({ id: 104, name: 'Premium Classic', businessUnit: { id: 7, name: 'Just Premium (legacy)' }, ...overrides });
}

export function zoneSummary(overrides: Partial<Schemas['ZoneSummary']> = {}): Schemas['ZoneSummary'] {
  return {
    trackingId: 5001,
    name: 'Homepage',
    enabled: true,
    typeId: 1,
    publisherId: 101,
    services: [{ service: service('inImage'), enabled: true, implementationTypeId: null }],
    numberOfSlots: 2,
    ...overrides,
  };
}

export function zone(overrides: Partial<Schemas['Zone']> = {}): Schemas['Zone'] {
  return {
    trackingId: 5001,
    name: 'Homepage',
    enabled: true,
    typeId: 1,
    zoneType: { id: 1, name: 'Website' },
    vertical: { id: 3, name: 'News' },
    zoneGrade: null,
    msaStartDate: null,
    domains: ['*.solo-media.example'],
    appStoreUrls: [],
    userId: 11,
    publisherId: 101,
    numberOfSlots: 2,
    createdAt: '2024-02-01T10:00:00.000Z',
    ...overrides,
  };
}

export function page<T>(content: T[], options: { page?: number; size?: number; totalElements?: number } = {}) {
  const size = options.size ?? 20;
  const totalElements = options.totalElements ?? content.length;
  return { content, page: options.page ?? 0, size, totalElements, totalPages: Math.ceil(totalElements / size) };
}

export interface TokenOverrides extends Partial<Omit<TokenPayload, 'user'>> {
  user?: Partial<TokenPayload['user']>;
}

/** A payload valid for 8 hours from NOW_MS, for the external demo user unless overridden. */
export function tokenPayload(overrides: TokenOverrides = {}): TokenPayload {
  const { user, ...rest } = overrides;
  const iat = Math.floor(NOW_MS / 1000);
  return {
    user: { id: 11, email: 'solo@publisher.example', name: 'Solo Owner', enabled: true, roles: [], ...user },
    isInternal: false,
    sid: 7,
    iat,
    exp: iat + 8 * HOUR_S,
    iss: 'publisher-portal',
    aud: 'publisher-portal-console',
    ...rest,
  };
}

export function internalTokenPayload(overrides: TokenOverrides = {}): TokenPayload {
  return tokenPayload({
    isInternal: true,
    ...overrides,
    user: { id: 1, email: 'staff@adnetwork.example', name: 'Staff Member', roles: ['ADMIN'], ...overrides.user },
  });
}

function base64Url(text: string): string {
  const bytes = new TextEncoder().encode(text);
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** A well-formed compact JWT with an unverifiable signature: the console never checks signatures. */
export function tokenFor(payload: object): string {
  return `${base64Url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }))}.${base64Url(JSON.stringify(payload))}.${base64Url('unsigned')}`;
}

export function jwtFor(overrides: TokenOverrides = {}): string {
  return tokenFor(tokenPayload(overrides));
}

export function consoleConfig(overrides: Partial<ConsoleConfig> = {}): ConsoleConfig {
  return {
    hosts: {
      production: 'portal.adnetwork.example',
      staging: 'portal.staging.adnetwork.example',
      internalTestDomain: 'test.adnetwork.example',
    },
    backends: {
      production: {
        authBaseUrl: 'https://auth.adnetwork.example',
        apiBaseUrl: 'https://api.adnetwork.example',
        internalPublisherUrl: 'https://admin.adnetwork.example/publishers/{publisherId}/settings',
        internalZoneUrl: 'https://admin.adnetwork.example/zones/{zoneId}/settings',
      },
      staging: {
        authBaseUrl: 'https://auth.test.adnetwork.example',
        apiBaseUrl: 'https://api.test.adnetwork.example',
        internalPublisherUrl: 'https://admin.staging.adnetwork.example/publishers/{publisherId}/settings',
        internalZoneUrl: 'https://admin.staging.adnetwork.example/zones/{zoneId}/settings',
      },
    },
    forceEnvironment: null,
    supportEmail: 'publisher-support@adnetwork.example',
    faqUrl: 'https://help.adnetwork.example/publishers/faq',
    gdprTermsUrl: 'https://www.adnetwork.example/legal/gdpr-data-processing-terms',
    maintenance: false,
    ...overrides,
  };
}

export function runtimeConfig(overrides: Partial<RuntimeConfig> = {}): RuntimeConfig {
  return {
    environment: 'development',
    backend: 'staging',
    authBaseUrl: TEST_AUTH_BASE,
    apiBaseUrl: TEST_API_BASE,
    internalPublisherUrl: 'https://admin.staging.adnetwork.example/publishers/{publisherId}/settings',
    internalZoneUrl: 'https://admin.staging.adnetwork.example/zones/{zoneId}/settings',
    paymentsEnabled: false,
    supportEmail: 'publisher-support@adnetwork.example',
    faqUrl: 'https://help.adnetwork.example/publishers/faq',
    gdprTermsUrl: 'https://www.adnetwork.example/legal/gdpr-data-processing-terms',
    maintenance: false,
    ...overrides,
  };
}

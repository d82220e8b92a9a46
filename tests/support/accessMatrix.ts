// The authorization matrix every route with an id must pass: anonymous 401; solo and multi get their own
// publisher's object and a 404 for the other's that is byte-for-byte the answer for a missing id; staff (internal)
// acts for any publisher, including one that belongs to nobody.
import { expect } from 'vitest';
import type { InjectOptions } from 'fastify';
import type { DemoUser, TestApp } from './serverHarness';

export interface AccessTargets {
  /** An object of Solo Media (solo's publisher). */
  solo: number;
  /** An object of Atlas News (one of multi's publishers). */
  multi: number;
  /** An object of a publisher no external user has. */
  nobody: number;
  /** An id that does not exist. */
  missing: number;
}

/** Builds the request for one id; called afresh for every check, so it can recreate what a previous call removed. */
export type RequestFor = (id: number, as: DemoUser) => InjectOptions | Promise<InjectOptions>;

export async function expectAccessMatrix(t: TestApp, targets: AccessTargets, request: RequestFor, ownStatus: number): Promise<void> {
  const send = async (id: number, as: DemoUser | null) => t.call({ ...(await request(id, as ?? 'solo')), as });

  const anonymous = await send(targets.solo, null);
  expect(anonymous.statusCode, 'anonymous').toBe(401);

  const cases: [DemoUser, number, number][] = [
    ['solo', targets.solo, targets.multi],
    ['multi', targets.multi, targets.solo],
  ];
  for (const [user, own, foreign] of cases) {
    expect((await send(own, user)).statusCode, `${user} on its own object`).toBe(ownStatus);
    const other = await send(foreign, user);
    const missing = await send(targets.missing, user);
    expect(missing.statusCode, `${user} on a missing id`).toBe(404);
    expect(other.statusCode, `${user} on another publisher's object`).toBe(404);
    expect(other.body, `${user}: another publisher's object answers like a missing one`).toBe(missing.body);
  }

  expect((await send(targets.solo, 'staff')).statusCode, 'staff on Solo Media').toBe(ownStatus);
  expect((await send(targets.nobody, 'staff')).statusCode, "staff on a publisher nobody has").toBe(ownStatus);
  expect((await send(targets.missing, 'staff')).statusCode, 'staff on a missing id').toBe(404);
}

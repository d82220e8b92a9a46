// Password hashing with node's built-in scrypt. Parameters from the OWASP Password Storage Cheat Sheet
// (N=2^14, r=8, p=5: one of its equivalent scrypt settings, 16 MiB per hash). The parameters are stored with
// each hash, so they can be raised later without invalidating existing passwords.
import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const scrypt = (password: string, salt: Buffer, keylen: number, options: ScryptOptions) =>
  new Promise<Buffer>((resolve, reject) =>
    scryptCb(password.normalize('NFKC'), salt, keylen, options, (error, key) => (error ? reject(error) : resolve(key))),
  );

/**
 * 'standard' everywhere but in the test suites. 'unsafe-fast-for-tests' takes well under a millisecond instead of
 * 0.3-0.8 s a hash on the test machine, which sign-in, reset and password tests pay on every call; the config
 * accepts it only with NODE_ENV=test (server/src/config.ts), and every caller defaults to 'standard'.
 */
export type PasswordHashing = 'standard' | 'unsafe-fast-for-tests';

const COST: Record<PasswordHashing, { N: number; r: number; p: number }> = {
  standard: { N: 2 ** 14, r: 8, p: 5 },
  'unsafe-fast-for-tests': { N: 2 ** 4, r: 1, p: 1 },
};
const KEYLEN = 32;

export async function hashPassword(password: string, hashing: PasswordHashing = 'standard'): Promise<string> {
  const salt = randomBytes(16);
  const { N, r, p } = COST[hashing];
  const key = await scrypt(password, salt, KEYLEN, { N, r, p, maxmem: 256 * N * r + 1024 * 1024 });
  return `scrypt$${N}$${r}$${p}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const N = Number(n);
  const key = await scrypt(password, Buffer.from(salt, 'base64url'), expected.length, {
    N,
    r: Number(r),
    p: Number(p),
    maxmem: 256 * N * Number(r) + 1024 * 1024,
  });
  return timingSafeEqual(key, expected);
}

/**
 * Whether a stored hash is cheaper than `hashing` asks for (a database seeded by the test suites, or parameters
 * raised since): the sign-in that proves the password then hashes it again at the configured cost.
 */
export function hashBelow(stored: string, hashing: PasswordHashing = 'standard'): boolean {
  const [, n, r, p] = stored.split('$').map(Number);
  const wanted = COST[hashing];
  return !(Number(n) >= wanted.N && Number(r) >= wanted.r && Number(p) >= wanted.p);
}

// A real hash to check against when the e-mail is unknown, so both answers take the same time.
const decoys = new Map<PasswordHashing, Promise<string>>();
export function decoyHash(hashing: PasswordHashing = 'standard'): Promise<string> {
  let decoy = decoys.get(hashing);
  if (!decoy) decoys.set(hashing, (decoy = hashPassword(randomBytes(12).toString('base64url'), hashing)));
  return decoy;
}

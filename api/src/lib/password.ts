/**
 * Password hashing and password rules.
 * - New hashes: argon2id with 19 MiB, 2 passes, 1 lane (OWASP's and ASVS 5.0's minimum), PHC format.
 * - Older hashes (scrypt$N$r$p$salt$hash, N=2^15) still verify; `needsRehash` tells the sign-in to replace
 *   them with an argon2id hash once the password is known to be right.
 * - A new password must not be one of the most common ones (the ranked list of zxcvbn-ts: about 49,000
 *   passwords leaked most often), whatever the letter case.
 */
import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import argon2 from 'argon2';
import { dictionary } from '@zxcvbn-ts/language-common';
import { invalid } from './errors';

const ARGON2_OPTIONS = { type: argon2.argon2id, memoryCost: 19 * 1024, timeCost: 2, parallelism: 1 } as const;

export const COMMON_PASSWORD_TEXT = 'Mật khẩu này quá phổ biến, dễ bị đoán ra; vui lòng chọn mật khẩu khác';

const COMMON_PASSWORDS: ReadonlySet<string> = new Set(
  (dictionary['passwords-common'] as string[]).map((password) => password.toLowerCase()),
);

export const isCommonPassword = (password: string) => COMMON_PASSWORDS.has(password.toLowerCase());

/** How many passwords the common list holds (for the README and its test). */
export const COMMON_PASSWORD_COUNT = COMMON_PASSWORDS.size;

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, ARGON2_OPTIONS);
}

/**
 * The hash of a password someone is setting (sign-up, creation, change, reset): refused with a field
 * message when it is a common password. Every password set goes through here.
 */
export async function hashNewPassword(password: string, field: string): Promise<string> {
  if (isCommonPassword(password)) throw invalid({ [field]: COMMON_PASSWORD_TEXT }, COMMON_PASSWORD_TEXT);
  return hashPassword(password);
}

function scrypt(password: string, salt: Buffer, keyLength: number, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scryptCb(password, salt, keyLength, options, (err, key) => (err ? reject(err) : resolve(key))),
  );
}

/** The scrypt hashes written before argon2id: scrypt$N$r$p$<salt b64>$<hash b64>. */
async function verifyScrypt(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6) return false;
  const [, n, r, p, saltB64, hashB64] = parts;
  const [N, R, P] = [Number(n), Number(r), Number(p)];
  if (![N, R, P].every(Number.isInteger) || N > 2 ** 20 || R > 16 || P > 4) return false;
  const expected = Buffer.from(hashB64, 'base64');
  const key = await scrypt(password, Buffer.from(saltB64, 'base64'), expected.length, { N, r: R, p: P, maxmem: 256 * N * R });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  if (stored.startsWith('scrypt$')) return verifyScrypt(password, stored);
  if (!stored.startsWith('$argon2')) return false;
  try {
    return await argon2.verify(stored, password);
  } catch {
    return false;
  }
}

/** Whether a stored hash is weaker than today's (scrypt, or argon2 with other parameters). */
export function needsRehash(stored: string): boolean {
  if (!stored.startsWith('$argon2')) return true;
  return argon2.needsRehash(stored, ARGON2_OPTIONS);
}

/**
 * A hash nobody can match, verified for unknown emails so that they take as long as known ones
 * (computed once, from random bytes nobody knows).
 */
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(32).toString('hex'));
  return dummyHash;
}

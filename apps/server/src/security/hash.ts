import { type Options as Argon2Options, hash, verify } from '@node-rs/argon2';

/**
 * Secrets at rest (security answers, security codes, later passwords): argon2id with the OWASP
 * Password Storage Cheat Sheet's first recommended configuration, m=19456 KiB (19 MiB), t=2, p=1.
 * The result is a PHC string (`$argon2id$v=19$m=19456,t=2,p=1$<salt>$<hash>`) carrying its own
 * salt and parameters, so the parameters can be raised later without breaking stored hashes.
 */
export const ARGON2ID_OPTIONS: Argon2Options = {
  // `Algorithm.Argon2id` (2): the package's enum is an ambient const enum, which
  // verbatimModuleSyntax cannot import, so the value is written out.
  algorithm: 2 as Argon2Options['algorithm'],
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
};

/** Hashes a secret with argon2id (a fresh random salt each time). */
export function hashSecret(secret: string): Promise<string> {
  return hash(secret, ARGON2ID_OPTIONS);
}

/** Whether `secret` matches a stored PHC string. A malformed hash is a mismatch, not an error. */
export async function verifySecret(storedHash: string, secret: string): Promise<boolean> {
  try {
    return await verify(storedHash, secret);
  } catch {
    return false;
  }
}

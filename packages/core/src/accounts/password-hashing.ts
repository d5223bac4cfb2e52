/**
 * Password hashing with argon2id. The library defaults (m = 19 MiB, t = 2, p = 1) are the
 * OWASP Password Storage Cheat Sheet's first recommended argon2id configuration; the salt is
 * random per hash and kept in the PHC string with the parameters, so they can be raised later.
 */
import { hash, verify } from '@node-rs/argon2';

export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    // A malformed stored hash never signs anyone in.
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Verifies against a throw-away hash, so a sign-in with an unknown e-mail takes as long as one
 * with a wrong password and response times do not reveal which addresses have accounts.
 */
export async function spendVerificationTime(password: string): Promise<void> {
  dummyHash ??= hash('not-a-real-password-0f5c63');
  await verifyPassword(await dummyHash, password);
}

/**
 * Password hashing with argon2id at the OWASP ASVS minimum (m=19 MiB, t=2, p=1); better-auth's default
 * scrypt settings are below it.
 */
import { hash, verify } from '@node-rs/argon2';

// Algorithm.Argon2id; the package's enum is a `const enum`, which isolated modules cannot import.
const ARGON2ID = 2;
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword({ hash: stored, password }: { hash: string; password: string }) {
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}

import { hash, verify, type Algorithm } from '@node-rs/argon2';

/** argon2id (the library's default parameters: 19 MiB, 2 passes, 1 lane). */
const ARGON2ID = 2 as Algorithm;

/** Hashes a password with argon2id; the result is a PHC string (`$argon2id$v=19$…`). */
export function hashPassword(password: string): Promise<string> {
  return hash(password, { algorithm: ARGON2ID });
}

/** True when `password` matches the PHC `passwordHash`; false (never a throw) for a bad hash. */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

import { randomBytes, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { hashPassword } from '../auth/passwords.js';
import { DEMO_ACCOUNT, SEED_REALM } from '../config.js';
import type { SandboxDb } from './open.js';
import { realms, settings, users } from './schema.js';

const JWT_SECRET_KEY = 'jwt_hs256_secret';

/**
 * Ensures the seeded realm exists and, when `demoAccount` is true, the demo account. Idempotent:
 * existing rows are kept as they are (a changed demo password is not reset).
 */
export async function seedDatabase(db: SandboxDb, options: { demoAccount: boolean }): Promise<void> {
  await db
    .insert(realms)
    .values({ name: SEED_REALM.name, apiKey: SEED_REALM.apiKey, defaultLocale: SEED_REALM.defaultLocale })
    .onConflictDoNothing();
  if (!options.demoAccount) return;
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_ACCOUNT.email)).limit(1);
  if (existing) return;
  await db
    .insert(users)
    .values({
      id: randomUUID(),
      email: DEMO_ACCOUNT.email,
      name: DEMO_ACCOUNT.name,
      passwordHash: await hashPassword(DEMO_ACCOUNT.password),
      birthDate: '1990-01-15',
    })
    .onConflictDoNothing();
}

/**
 * The HS256 secret that signs access tokens: generated (32 random bytes) on the first start and
 * stored in `settings`, so tokens stay valid across restarts.
 */
export async function loadSigningSecret(db: SandboxDb): Promise<Uint8Array> {
  await db
    .insert(settings)
    .values({ key: JWT_SECRET_KEY, value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select().from(settings).where(eq(settings.key, JWT_SECRET_KEY)).limit(1);
  if (!row) throw new Error('JWT signing secret missing after insert');
  return new Uint8Array(Buffer.from(row.value, 'base64url'));
}

import { randomBytes, randomUUID } from 'node:crypto';
import { eq, notInArray, sql } from 'drizzle-orm';
import { hashPassword } from '../auth/passwords.js';
import { DEMO_ACCOUNT } from '../config.js';
import { SEED_REALMS } from '../seed/realms.js';
import { ADMIN_ACCOUNT, FAMILY_ACCOUNT, NO_LICENCE_ACCOUNT, seededLicencesFor } from '../seed/accounts.js';
import { seedCatalogue, seedContent, seedFamilies } from '../seed/catalogue.js';
import { seedLibrary } from '../seed/library.js';
import { anchorFor, writeAnchor } from '../catalogue/anchor.js';
import { readClockOffset } from '../licences/clock.js';
import type { SandboxDb } from './open.js';
import { accountLicences, contentItems, licenceFamilies, licences, profiles, realms, settings, users, vouchers } from './schema.js';
import { ensureProfiles } from '../household/profiles.js';
import { writeParental } from '../parental/pin.js';
import { SEED_VOUCHERS } from '../payments/vouchers.js';

const JWT_SECRET_KEY = 'jwt_hs256_secret';

/**
 * Ensures the seeded realms (`seed/realms.ts`), the licence catalogue, the licence families, the content and the
 * catalogue of titles (upserted from code on every start) and, when `demoAccount` is true, the demo and no-licence accounts with
 * their licences. Idempotent: existing accounts are kept as they are (a changed demo password is
 * not reset), and an account's licences are seeded once (a settings flag records it), so a
 * cancelled or paused demo licence stays so across restarts. `nowMs` anchors the relative dates.
 */
export async function seedDatabase(db: SandboxDb, options: { demoAccount: boolean; nowMs?: number; loadTitles?: number }): Promise<void> {
  const nowMs = options.nowMs ?? Date.now();
  for (const realm of SEED_REALMS) {
    const values = { name: realm.name, apiKey: realm.apiKey, defaultLocale: realm.defaultLocale, allowSignUp: realm.settings.selfRegistration };
    await db.insert(realms).values(values).onConflictDoUpdate({ target: realms.name, set: { apiKey: values.apiKey, allowSignUp: values.allowSignUp } });
  }
  await seedCatalogueTables(db, nowMs, options.loadTitles ?? 0);
  // The planner's statistics of the catalogue as written (PGlite has no autovacuum: db/autoAnalyze.ts).
  await db.execute(sql`analyze`);
  if (!options.demoAccount) return;
  for (const account of [
    { ...DEMO_ACCOUNT, birthDate: '1990-01-15' },
    { ...NO_LICENCE_ACCOUNT, birthDate: null },
    { ...FAMILY_ACCOUNT, birthDate: '1985-06-02' },
    { ...ADMIN_ACCOUNT, birthDate: null },
  ]) {
    const userId = await ensureAccount(db, account);
    const flag = await db
      .insert(settings)
      .values({ key: `licences_seeded:${account.email}`, value: new Date(nowMs).toISOString() })
      .onConflictDoNothing()
      .returning({ key: settings.key });
    if (flag.length > 0) await insertSeededLicences(db, userId, account.email, nowMs);
    if (flag.length > 0 && account.email === FAMILY_ACCOUNT.email) await seedHousehold(db, userId, nowMs);
  }
}

/** The family account's profiles after its first (adult) one, and its parental PIN in force (`seed/accounts.ts`). */
async function seedHousehold(db: SandboxDb, userId: string, nowMs: number): Promise<void> {
  const first = await ensureProfiles(db, userId, new Date(nowMs));
  if (first.length > 1) return;
  await db.insert(profiles).values(
    FAMILY_ACCOUNT.profiles.map((profile, i) => ({ ...profile, id: randomUUID(), userId, createdAt: new Date(nowMs + (i + 1) * 1000) })),
  );
  await writeParental(db, userId, FAMILY_ACCOUNT.pin, 'RESTRICTED');
}

/** Inserts the seeded licences of `email` for `userId` (see `seed/accounts.ts`). */
export async function insertSeededLicences(db: Pick<SandboxDb, 'insert'>, userId: string, email: string, nowMs: number): Promise<void> {
  const rows = seededLicencesFor(email, DEMO_ACCOUNT.email, nowMs);
  if (rows.length === 0) return;
  await db
    .insert(accountLicences)
    .values(rows.map((row) => ({ ...row, id: randomUUID(), userId, createdAt: new Date(nowMs), updatedAt: new Date(nowMs) })))
    .onConflictDoNothing();
}

async function ensureAccount(
  db: SandboxDb,
  account: { email: string; password: string; name: string; birthDate: string | null; role?: string },
): Promise<string> {
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, account.email)).limit(1);
  if (existing) return existing.id;
  await db
    .insert(users)
    .values({
      id: randomUUID(),
      email: account.email,
      name: account.name,
      passwordHash: await hashPassword(account.password),
      birthDate: account.birthDate,
      ...(account.role ? { role: account.role } : {}),
    })
    .onConflictDoNothing();
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, account.email)).limit(1);
  if (!row) throw new Error(`Seeded account ${account.email} missing after insert`);
  return row.id;
}

/**
 * Upserts families, catalogue, vouchers, content and the catalogue of titles (`seed/library.ts`)
 * from code; licences no longer in code are marked inactive. The catalogue anchor moves to the
 * sandbox clock's current hour (`catalogue/anchor.ts`).
 */
async function seedCatalogueTables(db: SandboxDb, nowMs: number, loadTitles: number): Promise<void> {
  const sandboxNowMs = nowMs + (await readClockOffset(db));
  await db.transaction(async (tx) => {
    for (const family of seedFamilies()) {
      const { id, ...rest } = family;
      await tx.insert(licenceFamilies).values(family).onConflictDoUpdate({ target: licenceFamilies.id, set: rest });
    }
    const catalogue = seedCatalogue(nowMs);
    for (const licence of catalogue) {
      const { id, ...rest } = licence;
      await tx.insert(licences).values(licence).onConflictDoUpdate({ target: licences.id, set: rest });
    }
    await tx
      .update(licences)
      .set({ active: false })
      .where(notInArray(licences.id, catalogue.map((l) => l.id)));
    for (const voucher of SEED_VOUCHERS) {
      const { code, ...rest } = voucher;
      await tx.insert(vouchers).values(voucher).onConflictDoUpdate({ target: vouchers.code, set: rest });
    }
    for (const item of seedContent(nowMs)) {
      const { id, ...rest } = item;
      await tx.insert(contentItems).values(item).onConflictDoUpdate({ target: contentItems.id, set: rest });
    }
    await seedLibrary(tx, { loadTitles });
    await writeAnchor(tx, anchorFor(sandboxNowMs));
  });
}

/** The HMAC key of media tokens: generated once (32 random bytes) and stored in `settings`. */
export async function loadMediaSecret(db: SandboxDb): Promise<Uint8Array> {
  return loadSecret(db, MEDIA_SECRET_KEY);
}

const MEDIA_SECRET_KEY = 'media_hmac_secret';

async function loadSecret(db: SandboxDb, key: string): Promise<Uint8Array> {
  await db.insert(settings).values({ key, value: randomBytes(32).toString('base64url') }).onConflictDoNothing();
  const [row] = await db.select().from(settings).where(eq(settings.key, key)).limit(1);
  if (!row) throw new Error(`${key} missing after insert`);
  return new Uint8Array(Buffer.from(row.value, 'base64url'));
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

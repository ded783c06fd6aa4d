/**
 * The stand-in providers' account store (PBR, SPTV, OPIN, GIGYA): provider accounts with argon2id
 * secrets, their demo identities, and the platform account of each identity (created at its first
 * sign-in). Checks never reveal whether an id exists: an unknown id verifies a dummy hash, and
 * both failures answer the same.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { hashPassword, verifyPassword } from '../auth/passwords.js';
import type { SandboxDb } from '../db/open.js';
import { providerAccounts, users } from '../db/schema.js';
import { PROVIDER_IDENTITY_SEEDS, type CredentialProviderKind } from './config.js';

/** A provider account as the store keeps it. */
export type ProviderAccount = typeof providerAccounts.$inferSelect;

/** Longest id or secret the store takes, in characters. */
export const PROVIDER_FIELD_MAX_LENGTH = 256;

/** The store over one database. */
export interface ProviderStore {
  /** Ensures the demo identities (once per store; idempotent across restarts). */
  ensureSeeded(): Promise<void>;
  /**
   * Adds an account of `provider`: `{ created: true, account }`, or `{ created: false }` when the
   * id is taken. The id is stored trimmed and lower-cased.
   */
  create(provider: CredentialProviderKind, input: { id: string; secret: string; name?: string }): Promise<{ created: true; account: ProviderAccount } | { created: false }>;
  /** The account of `provider` whose id and secret match, else null (the same time for an unknown id). */
  verify(provider: CredentialProviderKind, id: string, secret: string): Promise<ProviderAccount | null>;
  /** The account of `provider` with subject `subject`, else null. */
  bySubject(provider: CredentialProviderKind, subject: string): Promise<ProviderAccount | null>;
  /** The platform account (user id) of `account`, created at the first sign-in. */
  platformUserOf(account: ProviderAccount): Promise<string>;
}

const normaliseId = (id: string) => id.trim().toLowerCase();

/** Creates the store over `db`; `now` gives the creation time of new platform accounts. */
export function createProviderStore(db: SandboxDb, now: () => number): ProviderStore {
  let seeding: Promise<void> | undefined;
  let dummy: Promise<string> | undefined;
  const dummyHash = () => (dummy ??= hashPassword(randomBytes(16).toString('base64url')));

  async function create(provider: CredentialProviderKind, input: { id: string; secret: string; name?: string }) {
    const loginId = normaliseId(input.id);
    const inserted = await db
      .insert(providerAccounts)
      .values({
        provider,
        loginId,
        secretHash: await hashPassword(input.secret),
        name: (input.name ?? '').trim().slice(0, 200),
        subject: randomUUID(),
        createdAt: new Date(now()),
      })
      .onConflictDoNothing()
      .returning();
    const account = inserted[0];
    return account ? { created: true as const, account } : { created: false as const };
  }

  return {
    ensureSeeded() {
      seeding ??= (async () => {
        for (const seed of PROVIDER_IDENTITY_SEEDS) {
          const [known] = await db
            .select({ subject: providerAccounts.subject })
            .from(providerAccounts)
            .where(and(eq(providerAccounts.provider, seed.provider), eq(providerAccounts.loginId, normaliseId(seed.id))))
            .limit(1);
          if (!known) await create(seed.provider, seed);
        }
      })().catch((error: unknown) => {
        seeding = undefined;
        throw error;
      });
      return seeding;
    },
    create,
    async verify(provider, id, secret) {
      const [account] = await db
        .select()
        .from(providerAccounts)
        .where(and(eq(providerAccounts.provider, provider), eq(providerAccounts.loginId, normaliseId(id))))
        .limit(1);
      // Always verify a hash, a dummy one for an unknown id, so timing does not reveal existence.
      const valid = await verifyPassword(account?.secretHash ?? (await dummyHash()), secret);
      return account && valid ? account : null;
    },
    async bySubject(provider, subject) {
      const [account] = await db
        .select()
        .from(providerAccounts)
        .where(and(eq(providerAccounts.provider, provider), eq(providerAccounts.subject, subject)))
        .limit(1);
      return account ?? null;
    },
    async platformUserOf(account) {
      if (account.userId) return account.userId;
      // One platform account per identity: its address is derived from the identity, so two
      // concurrent first sign-ins meet on the same row. Its password is no valid hash: it cannot
      // sign in with the ID provider.
      const email = `${account.provider.toLowerCase()}-${account.subject}@providers.sandbox.invalid`;
      await db
        .insert(users)
        .values({ id: randomUUID(), email, name: account.name, passwordHash: '!provider-account', createdAt: new Date(now()) })
        .onConflictDoNothing({ target: users.email });
      const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
      if (!user) throw new Error(`Platform account of ${account.provider} identity missing after insert`);
      await db
        .update(providerAccounts)
        .set({ userId: user.id })
        .where(and(eq(providerAccounts.provider, account.provider), eq(providerAccounts.subject, account.subject), isNull(providerAccounts.userId)));
      return user.id;
    },
  };
}

/** Anything that runs drizzle queries: the database or a transaction. */
type Queryable = Pick<SandboxDb, 'select' | 'update'>;

/**
 * The account of `provider` whose login id is `id` (trimmed, lower-cased), else the account of
 * `provider` that maps to the platform account `userId` when given; null when neither exists.
 * For password reset requests (docs/api.md "Email flows").
 */
export async function findProviderAccount(db: Queryable, provider: CredentialProviderKind, id: string, userId?: string): Promise<ProviderAccount | null> {
  const [byId] = await db
    .select()
    .from(providerAccounts)
    .where(and(eq(providerAccounts.provider, provider), eq(providerAccounts.loginId, normaliseId(id))))
    .limit(1);
  if (byId || !userId) return byId ?? null;
  const [byUser] = await db
    .select()
    .from(providerAccounts)
    .where(and(eq(providerAccounts.provider, provider), eq(providerAccounts.userId, userId)))
    .limit(1);
  return byUser ?? null;
}

/**
 * Replaces the secret of the account of `provider` with subject `subject` by `secretHash` (an
 * argon2id hash from `hashPassword`); answers the account's platform account (`userId`, null when
 * it has none yet), or undefined when no such account exists.
 */
export async function setProviderSecretHash(
  db: Queryable,
  provider: CredentialProviderKind,
  subject: string,
  secretHash: string,
): Promise<{ userId: string | null } | undefined> {
  const [row] = await db
    .update(providerAccounts)
    .set({ secretHash })
    .where(and(eq(providerAccounts.provider, provider), eq(providerAccounts.subject, subject)))
    .returning({ userId: providerAccounts.userId });
  return row;
}

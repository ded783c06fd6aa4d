/**
 * The providers linked to a platform account, as the login answers and the linked-accounts calls
 * list them (identity-and-routes.md §3 "Login response … linkedAccounts (each with provider)",
 * §4 "Adobe flows: a linked Adobe account found at login"; docs/api.md "Social sign-in"): the
 * social identities (Apple, Google, Facebook) and the TV-operator links that an Adobe sign-in
 * recorded (`openid_identities` rows named `adobe:<mvpdId>`).
 */
import { and, asc, eq, like } from 'drizzle-orm';
import type { LinkedAccountEntry } from '@stream/core/contracts';
import { isTvProviderKind } from '@stream/core/domain';
import type { SandboxDb } from '../db/open.js';
import { openIdIdentities, socialIdentities } from '../db/schema.js';
import { realmSettingsFor } from '../seed/realms.js';

/** The `openid_identities` client-name prefix of a TV-operator link (`adobe:<mvpdId>`). */
export const TV_LINK_PREFIX = 'adobe:';

/**
 * The kind a TV-operator link is listed under in `realm`: the realm's TV provider entry
 * (`ADOBE_DCR` or `ADOBE`, the first one in its settings), else `ADOBE`.
 */
export function tvProviderKindOf(realm: string): string {
  return realmSettingsFor(realm, true).authProviders.find((entry) => isTvProviderKind(entry.name))?.name ?? 'ADOBE';
}

/**
 * The links of account `userId` in `realm`, oldest first: each social identity (`provider`,
 * `email` when the provider gave one, `linkedAt` ISO 8601), then one entry for the TV-operator
 * links, if any (`provider` = {@link tvProviderKindOf}, `linkedAt` of the oldest). Never throws
 * but for a database failure.
 */
export async function linkedAccountsOf(db: SandboxDb, userId: string, realm: string): Promise<LinkedAccountEntry[]> {
  const social = await db
    .select({ provider: socialIdentities.provider, email: socialIdentities.email, createdAt: socialIdentities.createdAt })
    .from(socialIdentities)
    .where(eq(socialIdentities.userId, userId))
    .orderBy(asc(socialIdentities.createdAt));
  const [tv] = await db
    .select({ createdAt: openIdIdentities.createdAt })
    .from(openIdIdentities)
    .where(and(eq(openIdIdentities.userId, userId), like(openIdIdentities.clientName, `${TV_LINK_PREFIX}%`)))
    .orderBy(asc(openIdIdentities.createdAt))
    .limit(1);
  const entries: LinkedAccountEntry[] = social.map((row) => ({ provider: row.provider, ...(row.email ? { email: row.email } : {}), linkedAt: row.createdAt.toISOString() }));
  if (tv) entries.push({ provider: tvProviderKindOf(realm), linkedAt: tv.createdAt.toISOString() });
  return entries;
}

/** Removes every TV-operator link of account `userId` (an unlink of ADOBE or ADOBE_DCR); answers how many there were. */
export async function unlinkTvProvider(db: SandboxDb, userId: string): Promise<number> {
  const removed = await db
    .delete(openIdIdentities)
    .where(and(eq(openIdIdentities.userId, userId), like(openIdIdentities.clientName, `${TV_LINK_PREFIX}%`)))
    .returning({ subject: openIdIdentities.subject });
  return removed.length;
}

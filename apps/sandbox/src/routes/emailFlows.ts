/**
 * The email-based identity calls (identity-and-routes.md §4 "Magic link", "Password reset", §7;
 * email confirmation is this project's, docs/api.md "Email flows") and the outbox for tests
 * (`GET /_sandbox/outbox`). Every email goes through the nodemailer outbox (`src/email/`); every
 * emailed token is single-use and expires after 15 minutes on the sandbox clock. Asking for a
 * reset or a magic link answers `{}` whether or not the account exists. A password reset is for
 * the ID, PBR, GIGYA or FIREBASE account the email names (`../email/passwordReset.ts`).
 *
 * Issue 12: the reset and magic-link emails are queued off the request path (`../email/delivery.ts`),
 * so both answers take the same time; at most 3 of them go to one address per 15 minutes (further
 * requests answer `{}` and send nothing); spending a reset or magic-link token is throttled per
 * device and per client address (`../auth/throttle.ts`: 429 `TOO_MANY_ATTEMPTS` after 5 wrong tokens).
 */
import type { Hono } from 'hono';
import { calls } from '@stream/core/contracts';
import { buildPath, newPasswordError, offersPasswordReset } from '@stream/core/domain';
import type { SandboxEnv } from '../http/env.js';
import { issueSession, type SessionDeps } from '../auth/sessions.js';
import { ApiHttpError, badRequest } from '../errors.js';
import { composeEmail } from '../email/messages.js';
import { readOutbox, type EmailKind, type Mailer } from '../email/outbox.js';
import { EmailRateLimit, queueDelivery } from '../email/delivery.js';
import { findResetAccount, platformUserByEmail, resetPasswordWithToken } from '../email/passwordReset.js';
import { consumeEmailToken, issueEmailToken, type EmailTokenTarget } from '../email/tokens.js';
import type { RouteContext } from './context.js';

/** 404 message of an unknown, used or expired password-reset token. */
export const INVALID_RESET_TOKEN = 'invalidResetToken';
/** 404 message of an unknown, used or expired magic-link token. */
export const INVALID_MAGIC_LINK_TOKEN = 'invalidMagicLinkToken';
/** 404 message of an unknown, used or expired email-confirmation token. */
export const INVALID_CONFIRMATION_TOKEN = 'invalidConfirmationToken';
/** 400 message of a reset asked for a provider that offers none (§6: only firebase, PBR, GIGYA, ID do). */
export const PASSWORD_RESET_NOT_OFFERED = 'passwordResetNotOffered';

/** What the email routes need beyond the route context. */
export interface EmailFlowDeps {
  /** Base URL of the web app (no trailing slash): the links point there. */
  webUrl: string;
  /** Sessions, for the magic link's sign-in. */
  sessions: SessionDeps;
  /** Where the emails go. */
  mailer: Mailer;
}

/** What the rest of the app calls. */
export interface EmailFlows {
  /** Emails the confirmation link to a new ID account (after sign-up). */
  sendConfirmation(userId: string, email: string): Promise<void>;
}

/** The web app's path of each kind of link (English route table, identity-and-routes.md §2). */
const LINK_PATHS: Record<Exclude<EmailKind, 'pinReset' | 'gift'>, string> = {
  reset: buildPath('LOGIN_RESET_PASSWORD'),
  magic: buildPath('MAGIC_LINK'),
  confirm: buildPath('EMAIL_CONFIRMATION'),
};

/** Registers the email flows and `GET /_sandbox/outbox` on `app`; answers what sign-up needs. */
export function registerEmailFlowRoutes(app: Hono<SandboxEnv>, ctx: RouteContext, deps: EmailFlowDeps): EmailFlows {
  const { db, route } = ctx;
  const emailLimit = new EmailRateLimit({ now: ctx.now });

  /** Issues a token of `kind` for the account (a platform account, or a provider account to reset) and emails its link. */
  async function sendLink(kind: keyof typeof LINK_PATHS, target: EmailTokenTarget & { email: string }, query: Record<string, string> = {}) {
    const now = await ctx.sandboxNow();
    const { userId, email } = target;
    const token = await issueEmailToken(db, {
      kind,
      userId,
      email,
      now,
      ...(target.provider && target.subject ? { provider: target.provider, subject: target.subject } : {}),
    });
    const link = `${deps.webUrl}${LINK_PATHS[kind]}?${new URLSearchParams({ token, ...query })}`;
    await deps.mailer.send(composeEmail(kind, email, link), now);
  }

  /** A platform account's target. */
  const platformTarget = (user: { id: string; email: string }) => ({ userId: user.id, provider: null, subject: null, email: user.email });

  const findUser = (email: string) => platformUserByEmail(db, email);

  // POST /api/v2/reset-password/create { id, provider }: {} always; a known account of that
  // provider (ID, PBR, GIGYA, FIREBASE: email/passwordReset.ts) gets the email.
  route(calls.passwordReset.request, async ({ body }, c) => {
    const provider = body.provider.trim().toUpperCase();
    if (!offersPasswordReset(provider)) throw badRequest(PASSWORD_RESET_NOT_OFFERED);
    const account = await findResetAccount(db, { realm: c.get('realm').name, provider, email: body.id, now: ctx.now });
    // Counted for unknown addresses too; the email (if any) is sent after the answer.
    if (emailLimit.allow(body.id) && account) queueDelivery(db, () => sendLink('reset', account, { providerName: provider }));
    return {};
  });

  // PUT /api/v2/reset-password { token, secret }: the new password of the token's account (platform or
  // provider account); every session of the platform account ends.
  route(calls.passwordReset.reset, async ({ body }, c) => {
    // The sign-up password rule first: a refused password does not spend the token.
    const ruleError = newPasswordError(body.secret);
    if (ruleError) throw badRequest(ruleError);
    const keys = { scope: 'resetToken', subject: c.get('deviceId'), address: ctx.clientAddress(c) } as const;
    const done = await ctx.throttle.attempt(keys, async () =>
      resetPasswordWithToken(db, {
        token: body.token,
        secret: body.secret,
        now: await ctx.sandboxNow(),
        realNow: new Date(ctx.now()),
      }),
    );
    if (!done) throw new ApiHttpError(404, 'NOT_FOUND', [INVALID_RESET_TOKEN]);
    return {};
  });

  // GET /api/v2/token/alt/magic-email?email=: {} always; a known account gets the email.
  route(calls.magicLink.request, async ({ query: { email } }) => {
    const user = await findUser(email);
    if (emailLimit.allow(email) && user) queueDelivery(db, () => sendLink('magic', platformTarget(user)));
    return {};
  });

  // POST /api/v2/token/alt/magic-email { token }: a session, as POST /login answers.
  route(calls.magicLink.exchange, async ({ body }, c) => {
    const keys = { scope: 'magicToken', subject: c.get('deviceId'), address: ctx.clientAddress(c) } as const;
    const spent = await ctx.throttle.attempt(keys, async () => consumeEmailToken(db, body.token, 'magic', await ctx.sandboxNow()), (found) => !!found?.userId);
    if (!spent?.userId) throw new ApiHttpError(404, 'NOT_FOUND', [INVALID_MAGIC_LINK_TOKEN]);
    return issueSession(deps.sessions, spent.userId);
  });

  // POST /api/v2/user/email-confirmation { token }: { email }.
  route(calls.emailConfirmation.confirm, async ({ body }) => {
    const spent = await consumeEmailToken(db, body.token, 'confirm', await ctx.sandboxNow());
    if (!spent) throw new ApiHttpError(404, 'NOT_FOUND', [INVALID_CONFIRMATION_TOKEN]);
    return { email: spent.email };
  });

  // GET /_sandbox/outbox?to=: { messages } newest first (realm and API key required, as every /_sandbox control).
  app.get('/_sandbox/outbox', async (c) => {
    const to = c.req.query('to')?.trim();
    return c.json({ messages: await readOutbox(db, to || undefined) });
  });

  return {
    sendConfirmation: (userId, email) => sendLink('confirm', platformTarget({ id: userId, email })),
  };
}

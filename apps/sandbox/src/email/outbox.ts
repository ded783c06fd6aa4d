/**
 * The sandbox's email outbox: a nodemailer transport that, instead of speaking SMTP, renders each
 * message (nodemailer builds the real MIME message, so addresses and headers are checked as for a
 * real send) and stores it in the `outbox` table, where tests (`GET /_sandbox/outbox`) and people
 * (`GET /_sandbox/outbox/page`) read it. Nothing leaves the machine.
 */
import { randomUUID } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { SandboxDb } from '../db/open.js';
import { outbox } from '../db/schema.js';
import { deliveriesSettled } from './delivery.js';

/** What an emailed single-use token link is for. */
export type TokenEmailKind = 'reset' | 'magic' | 'confirm' | 'pinReset';
/** What an emailed link is for: a token link, or a gift's redemption link (`gifts/delivery.ts`). */
export type EmailKind = TokenEmailKind | 'gift';

/** A message to send: one recipient, a subject, text and HTML bodies, and its one action link. */
export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
  html: string;
  kind: EmailKind;
  /** The action link (holds the token): stored apart so that tests need not parse the body. */
  link: string;
}

/** A stored message, as `GET /_sandbox/outbox` answers it. */
export interface OutboxMessage extends OutgoingEmail {
  id: string;
  /** ISO 8601, on the sandbox clock. */
  sentAt: string;
}

/** Sends emails into the outbox. */
export interface Mailer {
  /** Renders `email` with nodemailer and stores it, sent at `sentAt`. Rejects when nodemailer refuses it. */
  send(email: OutgoingEmail, sentAt: Date): Promise<void>;
}

/** The sender of every sandbox email. */
export const SANDBOX_SENDER = 'Stream <no-reply@stream.test>';

const KIND_HEADER = 'X-Stream-Email-Kind';
const LINK_HEADER = 'X-Stream-Action-Link';

/** Reads one of our headers back from nodemailer's message options. */
function header(headers: unknown, name: string): string {
  if (headers && typeof headers === 'object' && !Array.isArray(headers)) {
    const value = (headers as Record<string, unknown>)[name];
    if (typeof value === 'string') return value;
  }
  return '';
}

/** Creates the mailer whose transport stores every message in `db`'s `outbox` table. */
export function createOutboxMailer(db: SandboxDb): Mailer {
  const transporter = nodemailer.createTransport({
    name: 'stream-sandbox-outbox',
    version: '1.0.0',
    send(mail, callback) {
      const data = mail.data;
      const envelope = mail.message.getEnvelope();
      const to = envelope.to[0];
      if (!to || envelope.to.length !== 1) {
        callback(new Error('A sandbox email has exactly one recipient'), undefined as never);
        return;
      }
      db.insert(outbox)
        .values({
          id: randomUUID(),
          to,
          subject: typeof data.subject === 'string' ? data.subject : '',
          text: typeof data.text === 'string' ? data.text : '',
          html: typeof data.html === 'string' ? data.html : '',
          kind: header(data.headers, KIND_HEADER),
          link: header(data.headers, LINK_HEADER),
          sentAt: data.date instanceof Date ? data.date : new Date(String(data.date ?? Date.now())),
        })
        .then(
          () => callback(null, { envelope, messageId: mail.message.messageId() }),
          (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), undefined as never),
        );
    },
  });
  return {
    async send(email, at) {
      await transporter.sendMail({
        date: at,
        from: SANDBOX_SENDER,
        to: email.to,
        subject: email.subject,
        text: email.text,
        html: email.html,
        headers: { [KIND_HEADER]: email.kind, [LINK_HEADER]: email.link },
      });
    },
  };
}

/**
 * The outbox, newest first; only the messages sent to `to` (compared lower-cased) when given.
 * Waits first for the emails queued for this database (`delivery.ts`), at most 10 s.
 */
export async function readOutbox(db: SandboxDb, to?: string): Promise<OutboxMessage[]> {
  await deliveriesSettled(db);
  const address = to?.trim().toLowerCase();
  const query = db.select().from(outbox);
  const rows = await (address ? query.where(eq(outbox.to, address)) : query).orderBy(desc(outbox.sentAt), desc(outbox.seq));
  return rows.map((row) => ({
    id: row.id,
    to: row.to,
    subject: row.subject,
    text: row.text,
    html: row.html,
    kind: row.kind as EmailKind,
    link: row.link,
    sentAt: row.sentAt.toISOString(),
  }));
}

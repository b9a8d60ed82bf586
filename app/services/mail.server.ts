/**
 * Outgoing e-mail (docs/architecture.md §7). SMTP_URL set → nodemailer over SMTP; otherwise every message is
 * written as an RFC 822 `.eml` file into DATA_DIR/outbox (the embedded default: open it in any
 * mail client), with one log line. `sendMail` throws when the message could not be handed over.
 *
 * This contract is shared with the cart and checkout code: keep `MailMessage` and `sendMail`.
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import nodemailer, { type Transporter } from "nodemailer";
import { getConfig } from "~/config.server";
import { log } from "~/log.server";
import { registerEnvironmentReset } from "../test-support.server";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** A stable Message-ID (`<…@…>`): the outbox gives each row one, so a repeat is recognisable. */
  messageId?: string;
  /** Stored with the queued message and rendered when it is sent (mail-attachments.server.ts). */
  attachments?: MailAttachmentRef[];
}

export type MailAttachmentRef =
  | { kind: "invoice"; id: string }
  /** An in-person booking's calendar (session_seats id), rendered by session-calendar.server.ts. */
  | { kind: "ics"; id: string; method: "REQUEST" | "CANCEL" };

export interface MailFile {
  filename: string;
  contentType: string;
  content: Buffer;
}

/**
 * SMTP options from `smtp://user:pass@host:587` or `smtps://…:465` (user and password
 * URL-encoded). Query flags `?ignoreTLS=true` / `?requireTLS=true` are honoured, e.g. for a
 * relay on loopback.
 */
export function smtpOptionsFromUrl(url: string) {
  const parsed = new URL(url);
  const secure = parsed.protocol === "smtps:";
  const flag = (name: string) => parsed.searchParams.get(name) === "true";
  return {
    host: parsed.hostname,
    port: Number(parsed.port) || (secure ? 465 : 587),
    secure,
    auth: parsed.username
      ? { user: decodeURIComponent(parsed.username), pass: decodeURIComponent(parsed.password) }
      : undefined,
    ignoreTLS: flag("ignoreTLS"),
    requireTLS: flag("requireTLS"),
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  };
}

let smtp: { url: string; transport: Transporter } | undefined;

function smtpTransport(url: string): Transporter {
  if (smtp?.url !== url) {
    smtp?.transport.close();
    // Pooled: the outbox sends batches over a few reused connections (1,000+ mails a minute).
    smtp = {
      url,
      transport: nodemailer.createTransport({ ...smtpOptionsFromUrl(url), pool: true, maxConnections: 5, maxMessages: 500 }),
    };
  }
  return smtp.transport;
}

/** Builds the raw RFC 822 message without sending it. */
let composer: Transporter | undefined;

export async function sendMail(message: MailMessage, files: MailFile[] = []): Promise<void> {
  const config = getConfig();
  const envelope = {
    from: config.mail.from,
    to: message.to,
    subject: message.subject,
    text: message.text,
    html: message.html,
    messageId: message.messageId,
    attachments: files.map((f) => ({ filename: f.filename, contentType: f.contentType, content: f.content })),
  };
  if (config.mail.smtpUrl) {
    try {
      await smtpTransport(config.mail.smtpUrl).sendMail(envelope);
    } catch (error) {
      log.error("mail could not be sent", { subject: message.subject, error });
      throw error;
    }
    log.info("mail sent", { subject: message.subject });
    return;
  }
  composer ??= nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  const built = await composer.sendMail(envelope);
  await fs.mkdir(config.mail.outboxDir, { recursive: true });
  const stamp = new Date().toISOString().replace(/[:.]/g, "-");
  const file = path.join(config.mail.outboxDir, `${stamp}-${randomBytes(4).toString("hex")}.eml`);
  // Written aside, then renamed: a process killed mid-write leaves no empty or partial `.eml`
  // (only a hidden `.tmp`), and the row, not yet marked sent, is written again.
  const partial = path.join(config.mail.outboxDir, `.${path.basename(file)}.tmp`);
  await fs.writeFile(partial, built.message as Buffer, { mode: 0o600 });
  await fs.rename(partial, file);
  log.info("mail written to the outbox", { file: path.basename(file), subject: message.subject });
}

/**
 * Throws when a message could not be handed over right now (SMTP server unreachable or
 * refusing us, outbox folder not writable), without sending anything. Used where an answer
 * must not depend on whether a message was actually due (password reset: no enumeration).
 */
export async function checkMailService(): Promise<void> {
  const config = getConfig();
  if (config.mail.smtpUrl) {
    try {
      await smtpTransport(config.mail.smtpUrl).verify();
    } catch (error) {
      log.error("mail service unavailable", { error });
      throw error;
    }
    return;
  }
  await fs.mkdir(config.mail.outboxDir, { recursive: true });
  await fs.access(config.mail.outboxDir, fs.constants.W_OK);
}

// After a test changed SMTP_URL: close and forget the SMTP connection.
registerEnvironmentReset(() => {
  smtp?.transport.close();
  smtp = undefined;
});

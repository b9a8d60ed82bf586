/**
 * The mail service (docs/architecture.md §7): through a real SMTP listener on loopback when SMTP_URL is set,
 * otherwise an .eml file in the outbox. Templates escape user-provided text in HTML.
 */
import fs from "node:fs";
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { getConfig } from "~/config.server";
import { requestPasswordReset } from "~/models/password-reset.server";
import { escapeHtml, passwordResetMail, renderMail } from "~/models/mail-templates.server";
import { sendMail, smtpOptionsFromUrl } from "~/services/mail.server";
import { createUser } from "../helpers/factories";
import { decodeQuotedPrintable, newestMailTo, resetLinkIn } from "../helpers/mail";
import { resetEnvironment } from "~/test-support.server";

interface Received {
  from: string;
  to: string[];
  raw: string;
}

const received: Received[] = [];
let server: SMTPServer;
let port = 0;

beforeAll(async () => {
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString("utf8"),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.server.address() as AddressInfo).port;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

function useSmtp() {
  process.env.SMTP_URL = `smtp://127.0.0.1:${port}/?ignoreTLS=true`;
  resetEnvironment();
}

afterEach(() => {
  delete process.env.SMTP_URL;
  resetEnvironment();
});

describe("sendMail over SMTP", () => {
  it("delivers text and HTML to the SMTP server", async () => {
    useSmtp();
    await sendMail({ to: "ana@example.com", subject: "Salut din test", text: "Text simplu ăîșț", html: "<p>HTML ăîșț</p>" });
    const mail = received.at(-1)!;
    expect(mail.to).toEqual(["ana@example.com"]);
    expect(mail.from).toBe("contact@ananails.example");
    const decoded = decodeQuotedPrintable(mail.raw);
    expect(decoded).toContain("Subject: Salut din test");
    expect(decoded).toContain("Text simplu ăîșț");
    expect(decoded).toContain("<p>HTML ăîșț</p>");
  });

  it("sends the reset e-mail with its link through SMTP", async () => {
    useSmtp();
    const user = await createUser();
    const before = received.length;
    await requestPasswordReset(user.email);
    expect(received.length).toBe(before + 1);
    const mail = received.at(-1)!;
    expect(mail.to).toEqual([user.email]);
    const link = resetLinkIn({ decoded: decodeQuotedPrintable(mail.raw) });
    expect(link).toMatch(/^http:\/\/localhost:3000\/reset\/[A-Za-z0-9_-]{43}$/);
  });

  it("throws when the server refuses the message", async () => {
    const picky = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      logger: false,
      onRcptTo(_address, _session, callback) {
        callback(new Error("Mailbox unavailable"));
      },
    });
    await new Promise<void>((resolve) => picky.listen(0, "127.0.0.1", resolve));
    try {
      process.env.SMTP_URL = `smtp://127.0.0.1:${(picky.server.address() as AddressInfo).port}/?ignoreTLS=true`;
      resetEnvironment();
      await expect(sendMail({ to: "x@example.com", subject: "s", text: "t", html: "<p>t</p>" })).rejects.toThrow();
    } finally {
      await new Promise<void>((resolve) => picky.close(() => resolve()));
    }
  });

  it("reads host, port, TLS mode and encoded credentials from SMTP_URL", () => {
    expect(smtpOptionsFromUrl("smtps://user%40x.ro:p%C4%83ss@mail.example.ro")).toMatchObject({
      host: "mail.example.ro",
      port: 465,
      secure: true,
      auth: { user: "user@x.ro", pass: "păss" },
      ignoreTLS: false,
    });
    expect(smtpOptionsFromUrl("smtp://relay:2525/?ignoreTLS=true")).toMatchObject({ port: 2525, secure: false, ignoreTLS: true });
  });
});

describe("sendMail without SMTP", () => {
  it("writes an RFC 822 .eml file into DATA_DIR/outbox", async () => {
    const to = `outbox-${Date.now()}@example.com`;
    await sendMail({ to, subject: "Mesaj în outbox", text: "Corp text", html: "<p>Corp HTML</p>" });
    const mail = newestMailTo(getConfig().mail.outboxDir, to)!;
    expect(mail).not.toBeNull();
    expect(mail.file.startsWith(getConfig().mail.outboxDir)).toBe(true);
    expect(mail.raw).toMatch(/^From: .*contact@ananails\.example/m);
    expect(mail.raw).toMatch(/^MIME-Version: 1\.0/m);
    expect(mail.decoded).toContain("Corp text");
    expect(fs.statSync(mail.file).mode & 0o077).toBe(0);
  });
});

describe("templates", () => {
  it("escapes user-provided text in HTML but keeps it readable in the text part", () => {
    const mail = passwordResetMail({
      to: "x@example.com",
      name: '<script>alert("x")</script> & Co',
      link: "http://localhost:3000/reset/abc",
    });
    expect(mail.html).not.toContain("<script>");
    expect(mail.html).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; Co");
    expect(mail.text).toContain('Bună, <script>alert("x")</script> & Co!');
    expect(mail.html).toContain('lang="ro"');
    expect(mail.subject).toBe("Resetarea parolei – Ana Nails Academy");
  });

  it("wraps any content in the shared layout with the brand", () => {
    const mail = renderMail("x@example.com", "Subiect", { title: "Titlu", bodyHtml: "<p>Corp</p>", bodyText: "Corp" });
    expect(mail.html).toContain("Ana Nails Academy");
    expect(mail.html).toContain("<p>Corp</p>");
    expect(mail.text).toContain("Titlu\n\nCorp");
    expect(escapeHtml(`a'b"c<d>&`)).toBe("a&#39;b&quot;c&lt;d&gt;&amp;");
  });
});

/**
 * The environment, parsed once with zod (docs/architecture.md §3). Every setting the app reads lives here.
 * Bad configuration stops start-up with one line naming the variable, never a stack trace.
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { z } from "zod";
import { RETENTION } from "./lib/retention";
import { WEBVTT_MAX_BYTES } from "./lib/webvtt";
import { log } from "./log.server";
import { registerEnvironmentReset, underTest } from "./test-support.server";

const bool = (fallback: boolean) =>
  z
    .enum(["1", "0", "true", "false", "yes", "no", "on", "off", ""])
    .optional()
    .transform((v) => (v === undefined || v === "" ? fallback : ["1", "true", "yes", "on"].includes(v)));

const optionalText = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === "" ? undefined : v));

const positiveInt = (fallback: number) =>
  z.coerce.number().int().positive().optional().default(fallback);

/** A rate-limit window: never longer than the privacy policy promises to keep the IP address (lib/retention.ts). */
const windowMinutes = (fallback: number) =>
  z.coerce
    .number()
    .int()
    .positive()
    .max(RETENTION.rateLimitWindowMinutes, `must be at most ${RETENTION.rateLimitWindowMinutes} (the privacy policy's promise)`)
    .optional()
    .default(fallback);

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).optional().default("development"),
  PORT: z.coerce.number().int().min(1).max(65535).optional().default(3000),
  HOST: optionalText,
  DATA_DIR: z.string().optional().default("./data"),
  DATABASE_URL: optionalText.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, "must start with postgres:// or postgresql://")
      .optional(),
  ),
  SESSION_SECRET: optionalText.pipe(
    z.string().min(32, "must be at least 32 characters long").optional(),
  ),
  PUBLIC_URL: optionalText.pipe(z.url({ protocol: /^https?$/ }).optional()),
  COOKIE_SECURE: z
    .enum(["1", "0", "true", "false", ""])
    .optional()
    .transform((v) => (v === undefined || v === "" ? undefined : v === "1" || v === "true")),
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error"]).optional().default("info"),

  // Business details shown in the footer, the contact page, e-mails and transfer instructions.
  BUSINESS_NAME: z.string().optional().default("Ana Nails Academy S.R.L."),
  BUSINESS_BRAND: z.string().optional().default("Ana Nails Academy"),
  BUSINESS_TRAINER: z.string().optional().default("Ana Marinescu"),
  BUSINESS_CUI: z.string().optional().default("RO41234564"),
  BUSINESS_REG_COM: z.string().optional().default("J13/1234/2019"),
  BUSINESS_ADDRESS: z
    .string()
    .optional()
    .default("Str. Ștefan cel Mare nr. 45, Constanța 900178, România"),
  BUSINESS_PHONE: z.string().optional().default("+40 722 123 456"),
  BUSINESS_EMAIL: z.email().optional().default("contact@ananails.example"),
  BUSINESS_IBAN: z
    .string()
    .regex(/^[A-Z]{2}\d{2}[A-Z0-9 ]{10,30}$/, "must be an IBAN such as RO49AAAA1B31007593840000")
    .optional()
    .default("RO49AAAA1B31007593840000"),
  BUSINESS_BANK: z.string().optional().default("Banca Transilvania"),
  BUSINESS_ACCOUNT_HOLDER: z.string().optional().default("Ana Nails Academy S.R.L."),
  BUSINESS_INSTAGRAM: z.string().optional().default("https://www.instagram.com/"),
  BUSINESS_FACEBOOK: z.string().optional().default("https://www.facebook.com/"),
  // Invoices: defaults until the admin saves /admin/setari-facturare.
  INVOICE_SERIES: z.string().regex(/^[A-Z]{1,10}$/, "must be 1-10 capital letters").optional().default("ANA"),
  VAT_MODE: z.enum(["payer", "non_payer", "exempt"]).optional().default("payer"),
  VAT_RATE: z.coerce.number().int().min(0).max(100).optional().default(21),
  VAT_EXEMPT_TEXT: z.string().optional().default("Scutit de TVA conform art. 292 alin. (2) lit. a) pct. 4 din Codul fiscal"),

  // Seed admin (created on an empty database).
  ADMIN_EMAIL: z.email().optional().default("admin@ananails.example"),
  ADMIN_PASSWORD: optionalText,

  // Mail: SMTP when set, otherwise .eml files in DATA_DIR/outbox.
  SMTP_URL: optionalText.pipe(
    z
      .string()
      .regex(/^smtps?:\/\//, "must start with smtp:// or smtps://")
      .optional(),
  ),
  MAIL_FROM: optionalText,

  // Storage: S3-compatible when S3_BUCKET is set, otherwise files in DATA_DIR/uploads.
  S3_BUCKET: optionalText,
  S3_REGION: z.string().optional().default("us-east-1"),
  S3_ENDPOINT: optionalText.pipe(z.url().optional()),
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  S3_FORCE_PATH_STYLE: bool(false),
  UPLOAD_MAX_IMAGE_MB: positiveInt(10),
  UPLOAD_MAX_PDF_MB: positiveInt(50),
  UPLOAD_MAX_VIDEO_MB: positiveInt(4096),
  // Without JavaScript files go with the form post, which must arrive within Node's 5-minute
  // request timeout (remix-serve's default, not configurable): 50 MB do at about 1,5 Mbit/s up.
  UPLOAD_MAX_FORM_MB: positiveInt(50),

  // Card payments (Netopia mobilPay v1). None set → the built-in simulator.
  NETOPIA_SIGNATURE: optionalText,
  NETOPIA_PUBLIC_CERT: optionalText,
  NETOPIA_PRIVATE_KEY: optionalText,
  NETOPIA_SANDBOX: bool(true),
  PAYMENT_SIMULATOR: bool(false),

  // Rate limits (fixed windows, stored in PostgreSQL).
  RATE_LIMIT_LOGIN_MAX: positiveInt(5),
  RATE_LIMIT_LOGIN_WINDOW_MIN: windowMinutes(15),
  // Failed logins per client address, across accounts (successes never count).
  RATE_LIMIT_LOGIN_ADDRESS_MAX: positiveInt(50),
  RATE_LIMIT_LOGIN_ADDRESS_WINDOW_MIN: windowMinutes(60),
  RATE_LIMIT_REGISTER_MAX: positiveInt(10),
  RATE_LIMIT_REGISTER_WINDOW_MIN: windowMinutes(60),
  RATE_LIMIT_RESET_MAX: positiveInt(5),
  RATE_LIMIT_RESET_WINDOW_MIN: windowMinutes(60),
  /**
   * How many reverse proxies in front of the app append to X-Forwarded-For. The client IP used by
   * the per-IP rate limits is the entry that many places from the right (what the outermost
   * trusted proxy saw); entries further left were written by the client and are ignored.
   */
  TRUSTED_PROXY_HOPS: z.coerce.number().int().min(1).max(10).default(1),
  /**
   * The proxy in front of the app sets X-Forwarded-Host to the address the browser used (and
   * strips any the client sent). Only then does the origin check accept that host besides
   * PUBLIC_URL's and the Host header's; off, a client-written X-Forwarded-Host is ignored.
   */
  TRUST_FORWARDED_HOST: bool(false),

  /**
   * JSON API (/api): one other origin allowed to call it from a browser with credentials (CORS),
   * e.g. a separate front end. Unset → CORS stays closed (same-site callers only).
   */
  API_ALLOWED_ORIGIN: optionalText.pipe(z.url({ protocol: /^https?$/ }).optional()),

  /**
   * Test-only hooks for Playwright fixtures (a test build only, see remix.config.js); the route
   * answers 404 unless this token is set and sent. In production it also needs ACADEMY_TEST_BUILD=1
   * (e2e, bench, fault tests), otherwise start-up stops: a production server never has it.
   */
  TEST_HOOKS_TOKEN: optionalText.pipe(z.string().min(24, "must be at least 24 characters long").optional()),
  ACADEMY_TEST_BUILD: bool(false),

  /**
   * RO e-Factura connection (ANAF OAuth2, app registered in ANAF's portal). Unset → the built-in
   * ANAF simulator (when allowed, like the payment simulator; ANAF_SIMULATOR=1 forces it on a
   * staging server). ANAF_ENV picks the test or production API; the URLs can be overridden.
   */
  ANAF_CLIENT_ID: optionalText,
  ANAF_CLIENT_SECRET: optionalText,
  ANAF_ENV: z.enum(["test", "prod"]).optional().default("test"),
  ANAF_API_URL: optionalText.pipe(z.url({ protocol: /^https?$/ }).optional()),
  ANAF_OAUTH_URL: optionalText.pipe(z.url({ protocol: /^https?$/ }).optional()),
  ANAF_SIMULATOR: bool(false),
  /**
   * ANAF's public VAT-payer web service (PlatitorTvaRest v9), for "Completează din ANAF" on the
   * company billing form. Unset → the built-in stand-in (/simulator/anaf/tva) where simulators are
   * allowed, else ANAF's own address.
   */
  ANAF_VAT_LOOKUP_URL: optionalText.pipe(z.url({ protocol: /^https?$/ }).optional()),
  /** The background e-Factura job (uploads, polls, deadline e-mails); 0 only for test servers. */
  EFACTURA_WORKER: bool(true),
  /**
   * Key for the ANAF tokens stored in the database (AES-256-GCM): 32 bytes as 64 hex digits or
   * base64. Unset → derived from SESSION_SECRET with HKDF-SHA256 (changing SESSION_SECRET then
   * means connecting again).
   */
  EFACTURA_TOKEN_KEY: optionalText.pipe(
    z
      .string()
      .refine((v) => /^[0-9a-fA-F]{64}$/.test(v) || Buffer.from(v, "base64").length === 32, "must be 32 bytes (64 hex digits or base64)")
      .optional(),
  ),
  // Backups (npm run backup, nightly): a folder (default DATA_DIR/backups) or an S3 bucket.
  BACKUP_DIR: optionalText,
  BACKUP_KEY: optionalText.pipe(
    z
      .string()
      .regex(/^([0-9a-fA-F]{64}|[A-Za-z0-9+/]{43}=)$/, "must be 32 bytes as 64 hex characters (openssl rand -hex 32)")
      .optional(),
  ),
  BACKUP_NIGHTLY: bool(true),
  /** Hour of the night (Romanian time) after which the nightly backup is taken. */
  BACKUP_HOUR: z.coerce.number().int().min(0).max(23).optional().default(3),
  BACKUP_S3_BUCKET: optionalText,
  BACKUP_S3_PREFIX: z.string().optional().default("backups/"),
  BACKUP_S3_REGION: z.string().optional().default("us-east-1"),
  BACKUP_S3_ENDPOINT: optionalText.pipe(z.url().optional()),
  BACKUP_S3_ACCESS_KEY_ID: optionalText,
  BACKUP_S3_SECRET_ACCESS_KEY: optionalText,
  BACKUP_S3_FORCE_PATH_STYLE: bool(false),
  /** Alerts to the owner (/admin/sistem's checks): the address (default ADMIN_EMAIL), an optional webhook, on/off. */
  ALERT_EMAIL: optionalText.pipe(z.email().optional()),
  ALERT_WEBHOOK_URL: optionalText.pipe(z.url({ protocol: /^https?$/ }).optional()),
  ALERTS: bool(true),
  /** In-person sessions: days a bank-transfer order holds its place before it is released. */
  SEAT_HOLD_DAYS: z.coerce.number().int().min(1).max(30).default(3),
  /** In-person sessions: hours a place freed in a full session is held for the first on its waitlist. */
  WAITLIST_OFFER_HOURS: z.coerce.number().int().min(1).max(168).default(24),
  /** In-person sessions: reminder e-mails this many days before the start (comma-separated). */
  SESSION_REMINDER_DAYS: z
    .string()
    .optional()
    .default("7,1")
    .transform((v) => [...new Set(v.split(",").map((d) => d.trim()).filter(Boolean).map(Number))].sort((a, b) => b - a))
    .pipe(z.array(z.number().int().min(1).max(60)).max(5)),

});

export type Env = z.infer<typeof envSchema>;

/** Loopback hosts: a site whose public address is one of these is only reachable on its machine. */
const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

export function isLoopbackUrl(url: string): boolean {
  try {
    return LOOPBACK_HOSTS.has(new URL(url).hostname.toLowerCase());
  } catch {
    return false;
  }
}

/**
 * Whether the built-in payment simulator may take card "payments" (when NETOPIA is not set):
 * outside production; in production only when asked for explicitly (PAYMENT_SIMULATOR=1, a
 * staging server) or on the quick start's embedded defaults (no DATABASE_URL and a loopback
 * PUBLIC_URL, which is the default). A production site on its real address never gets it.
 */
export function simulatorAllowed(settings: { production: boolean; explicit: boolean; databaseUrl?: string; publicUrl: string }): boolean {
  if (!settings.production || settings.explicit) return true;
  return !settings.databaseUrl && isLoopbackUrl(settings.publicUrl);
}

export class ConfigError extends Error {}

function firstIssueLine(error: z.ZodError): string {
  const issue = error.issues[0];
  const name = issue.path.join(".") || "environment";
  return `Invalid configuration: ${name} ${issue.message}`;
}

function readOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, "secrets.json");
  try {
    const stored = JSON.parse(fs.readFileSync(file, "utf8")) as { sessionSecret?: string };
    if (stored.sessionSecret && stored.sessionSecret.length >= 32) return stored.sessionSecret;
  } catch {
    // no file yet
  }
  const sessionSecret = randomBytes(32).toString("base64url");
  fs.mkdirSync(dataDir, { recursive: true });
  fs.writeFileSync(file, JSON.stringify({ sessionSecret }), { mode: 0o600 });
  return sessionSecret;
}

export function loadConfig(source: Record<string, string | undefined> = process.env) {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) throw new ConfigError(firstIssueLine(parsed.error));
  const env = parsed.data;
  const dataDir = path.resolve(env.DATA_DIR);
  const production = env.NODE_ENV === "production";

  // A real deployment (production on a PostgreSQL server, maybe several processes) must share
  // one configured secret. The embedded default generates one and keeps it in DATA_DIR.
  if (production && env.DATABASE_URL && !env.SESSION_SECRET) {
    throw new ConfigError(
      "Invalid configuration: SESSION_SECRET is required in production with DATABASE_URL (32+ characters)",
    );
  }
  if (production && env.TEST_HOOKS_TOKEN && !env.ACADEMY_TEST_BUILD) {
    throw new ConfigError(
      "Invalid configuration: TEST_HOOKS_TOKEN is set on a production server (only a test build, ACADEMY_TEST_BUILD=1, has test hooks); unset it",
    );
  }
  const s3Keys = [env.S3_ACCESS_KEY_ID, env.S3_SECRET_ACCESS_KEY].filter(Boolean).length;
  if (env.S3_BUCKET && s3Keys === 1) {
    throw new ConfigError(
      "Invalid configuration: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together",
    );
  }
  if (env.BACKUP_S3_BUCKET && [env.BACKUP_S3_ACCESS_KEY_ID, env.BACKUP_S3_SECRET_ACCESS_KEY].filter(Boolean).length === 1) {
    throw new ConfigError(
      "Invalid configuration: BACKUP_S3_ACCESS_KEY_ID and BACKUP_S3_SECRET_ACCESS_KEY must be set together",
    );
  }
  const netopia = [env.NETOPIA_SIGNATURE, env.NETOPIA_PUBLIC_CERT, env.NETOPIA_PRIVATE_KEY];
  const netopiaSet = netopia.filter(Boolean).length;
  if (netopiaSet > 0 && netopiaSet < 3) {
    throw new ConfigError(
      "Invalid configuration: NETOPIA_SIGNATURE, NETOPIA_PUBLIC_CERT and NETOPIA_PRIVATE_KEY must be set together",
    );
  }
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, "");
  const sessionSecret = env.SESSION_SECRET ?? readOrCreateSecret(dataDir);

  return {
    env: env.NODE_ENV,
    isProduction: production,
    port: env.PORT,
    host: env.HOST,
    dataDir,
    databaseUrl: env.DATABASE_URL,
    sessionSecret,
    publicUrl,
    cookieSecure: env.COOKIE_SECURE ?? publicUrl.startsWith("https://"),
    logLevel: env.LOG_LEVEL,
    business: {
      name: env.BUSINESS_NAME,
      brand: env.BUSINESS_BRAND,
      trainer: env.BUSINESS_TRAINER,
      cui: env.BUSINESS_CUI,
      regCom: env.BUSINESS_REG_COM,
      address: env.BUSINESS_ADDRESS,
      phone: env.BUSINESS_PHONE,
      email: env.BUSINESS_EMAIL,
      iban: env.BUSINESS_IBAN.replace(/\s+/g, ""),
      bank: env.BUSINESS_BANK,
      accountHolder: env.BUSINESS_ACCOUNT_HOLDER,
      instagram: env.BUSINESS_INSTAGRAM,
      facebook: env.BUSINESS_FACEBOOK,
    },
    invoicing: { series: env.INVOICE_SERIES, vatMode: env.VAT_MODE, vatRate: env.VAT_RATE, exemptText: env.VAT_EXEMPT_TEXT },
    admin: { email: env.ADMIN_EMAIL.toLowerCase(), password: env.ADMIN_PASSWORD },
    mail: {
      smtpUrl: env.SMTP_URL,
      from: env.MAIL_FROM ?? `${env.BUSINESS_BRAND} <${env.BUSINESS_EMAIL}>`,
      outboxDir: path.join(dataDir, "outbox"),
    },
    storage: {
      uploadsDir: path.join(dataDir, "uploads"),
      s3: env.S3_BUCKET
        ? {
            bucket: env.S3_BUCKET,
            region: env.S3_REGION,
            endpoint: env.S3_ENDPOINT,
            accessKeyId: env.S3_ACCESS_KEY_ID,
            secretAccessKey: env.S3_SECRET_ACCESS_KEY,
            forcePathStyle: env.S3_FORCE_PATH_STYLE,
          }
        : undefined,
      maxBytes: {
        image: env.UPLOAD_MAX_IMAGE_MB * 1024 * 1024,
        pdf: env.UPLOAD_MAX_PDF_MB * 1024 * 1024,
        video: env.UPLOAD_MAX_VIDEO_MB * 1024 * 1024,
        /** WebVTT captions: fixed (lib/webvtt.ts), a lesson's captions are a few hundred KB at most. */
        captions: WEBVTT_MAX_BYTES,
        form: env.UPLOAD_MAX_FORM_MB * 1024 * 1024,
      },
    },
    netopia:
      netopiaSet === 3
        ? {
            signature: env.NETOPIA_SIGNATURE!,
            publicCert: env.NETOPIA_PUBLIC_CERT!,
            privateKey: env.NETOPIA_PRIVATE_KEY!,
            sandbox: env.NETOPIA_SANDBOX,
          }
        : undefined,
    /**
     * The built-in payment simulator, used when NETOPIA is not configured (simulatorAllowed).
     * False with no NETOPIA either: the site then offers no card payment at all.
     */
    paymentSimulator:
      netopiaSet === 0 &&
      simulatorAllowed({ production, explicit: env.PAYMENT_SIMULATOR, databaseUrl: env.DATABASE_URL, publicUrl }),
    rateLimits: {
      login: { max: env.RATE_LIMIT_LOGIN_MAX, windowMs: env.RATE_LIMIT_LOGIN_WINDOW_MIN * 60_000 },
      loginAddress: { max: env.RATE_LIMIT_LOGIN_ADDRESS_MAX, windowMs: env.RATE_LIMIT_LOGIN_ADDRESS_WINDOW_MIN * 60_000 },
      register: {
        max: env.RATE_LIMIT_REGISTER_MAX,
        windowMs: env.RATE_LIMIT_REGISTER_WINDOW_MIN * 60_000,
      },
      reset: { max: env.RATE_LIMIT_RESET_MAX, windowMs: env.RATE_LIMIT_RESET_WINDOW_MIN * 60_000 },
    },
    backup: {
      dir: path.resolve(dataDir, env.BACKUP_DIR ?? "backups"),
      key: env.BACKUP_KEY,
      nightly: env.BACKUP_NIGHTLY,
      hour: env.BACKUP_HOUR,
      s3: env.BACKUP_S3_BUCKET
        ? {
            bucket: env.BACKUP_S3_BUCKET,
            prefix: env.BACKUP_S3_PREFIX,
            region: env.BACKUP_S3_REGION,
            endpoint: env.BACKUP_S3_ENDPOINT,
            accessKeyId: env.BACKUP_S3_ACCESS_KEY_ID,
            secretAccessKey: env.BACKUP_S3_SECRET_ACCESS_KEY,
            forcePathStyle: env.BACKUP_S3_FORCE_PATH_STYLE,
          }
        : undefined,
    },
    trustedProxyHops: env.TRUSTED_PROXY_HOPS,
    trustForwardedHost: env.TRUST_FORWARDED_HOST,
    apiAllowedOrigin: env.API_ALLOWED_ORIGIN ? new URL(env.API_ALLOWED_ORIGIN).origin : null,
    testHooksToken: env.TEST_HOOKS_TOKEN,
    sessions: { holdDays: env.SEAT_HOLD_DAYS, waitlistOfferHours: env.WAITLIST_OFFER_HOURS, reminderDays: env.SESSION_REMINDER_DAYS },
    anaf: anafSettings(env, publicUrl, production),
    vatLookup: vatLookupSettings(env, publicUrl, production),
    efacturaWorker: env.EFACTURA_WORKER,
    alerts: { enabled: env.ALERTS, email: (env.ALERT_EMAIL ?? env.ADMIN_EMAIL).toLowerCase(), webhookUrl: env.ALERT_WEBHOOK_URL },
  };
}

/** Real ANAF endpoints (test and production API; the OAuth server is the same for both). */
export const ANAF_URLS = {
  api: { test: "https://api.anaf.ro/test/FCTEL/rest", prod: "https://api.anaf.ro/prod/FCTEL/rest" },
  oauth: "https://logincert.anaf.ro/anaf-oauth2/v1",
} as const;

/** Where the site's own ANAF simulator answers (app/routes/simulator.anaf.*). */
export const ANAF_SIMULATOR_PATH = "/simulator/anaf";

/** ANAF's public VAT-payer lookup (no credentials) and the site's stand-in for it. */
export const ANAF_VAT_LOOKUP_URL = "https://webservicesp.anaf.ro/api/PlatitorTvaRest/v9/tva";
export const ANAF_VAT_STAND_IN_PATH = "/simulator/anaf/tva";

function vatLookupSettings(env: Env, publicUrl: string, production: boolean) {
  if (env.ANAF_VAT_LOOKUP_URL) return { url: env.ANAF_VAT_LOOKUP_URL, standIn: false };
  const allowed = simulatorAllowed({ production, explicit: env.ANAF_SIMULATOR, databaseUrl: env.DATABASE_URL, publicUrl });
  return allowed ? { url: `${publicUrl}${ANAF_VAT_STAND_IN_PATH}`, standIn: true } : { url: ANAF_VAT_LOOKUP_URL, standIn: false };
}

function anafSettings(env: Env, publicUrl: string, production: boolean) {
  if (Boolean(env.ANAF_CLIENT_ID) !== Boolean(env.ANAF_CLIENT_SECRET)) {
    throw new ConfigError("Invalid configuration: ANAF_CLIENT_ID and ANAF_CLIENT_SECRET must be set together");
  }
  const redirectUri = `${publicUrl}/admin/anaf/callback`;
  const tokenKey = env.EFACTURA_TOKEN_KEY
    ? /^[0-9a-fA-F]{64}$/.test(env.EFACTURA_TOKEN_KEY)
      ? Buffer.from(env.EFACTURA_TOKEN_KEY, "hex")
      : Buffer.from(env.EFACTURA_TOKEN_KEY, "base64")
    : null;
  if (env.ANAF_CLIENT_ID) {
    return {
      mode: "anaf" as const,
      env: env.ANAF_ENV,
      clientId: env.ANAF_CLIENT_ID,
      clientSecret: env.ANAF_CLIENT_SECRET!,
      apiUrl: (env.ANAF_API_URL ?? ANAF_URLS.api[env.ANAF_ENV]).replace(/\/+$/, ""),
      oauthUrl: (env.ANAF_OAUTH_URL ?? ANAF_URLS.oauth).replace(/\/+$/, ""),
      redirectUri,
      tokenKey,
    };
  }
  const allowed = simulatorAllowed({ production, explicit: env.ANAF_SIMULATOR, databaseUrl: env.DATABASE_URL, publicUrl });
  return {
    mode: allowed ? ("simulator" as const) : ("off" as const),
    env: "simulator" as const,
    clientId: "simulator",
    clientSecret: "simulator-secret",
    apiUrl: `${publicUrl}${ANAF_SIMULATOR_PATH}/rest`,
    oauthUrl: `${publicUrl}${ANAF_SIMULATOR_PATH}/oauth`,
    redirectUri,
    tokenKey,
  };
}

export type Config = ReturnType<typeof loadConfig>;

let cached: Config | undefined;

/** The configuration of this process; on bad configuration prints one line and exits. */
export function getConfig(): Config {
  if (cached) return cached;
  try {
    cached = loadConfig();
    return cached;
  } catch (error) {
    if (error instanceof ConfigError && !underTest) {
      log.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

// After a test changed the environment: parse it again on the next read.
registerEnvironmentReset(() => {
  cached = undefined;
});

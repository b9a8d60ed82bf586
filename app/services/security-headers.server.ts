/**
 * Security headers for every document and data response (docs/architecture.md §8): a nonce-based CSP,
 * no framing, no MIME sniffing, a strict referrer policy.
 */
import { randomBytes } from "node:crypto";
import { getConfig } from "~/config.server";

export function createNonce(): string {
  return randomBytes(16).toString("base64");
}

function origins(): { media: string[]; forms: string[] } {
  const config = getConfig();
  const media: string[] = [];
  const s3 = config.storage.s3;
  if (s3) {
    media.push(s3.endpoint ? new URL(s3.endpoint).origin : `https://${s3.bucket}.s3.${s3.region}.amazonaws.com`);
    if (s3.endpoint && !s3.forcePathStyle) {
      const endpoint = new URL(s3.endpoint);
      media.push(`${endpoint.protocol}//${s3.bucket}.${endpoint.host}`);
    }
  }
  const forms: string[] = [];
  if (config.netopia) {
    forms.push(config.netopia.sandbox ? "https://sandboxsecure.mobilpay.ro" : "https://secure.mobilpay.ro");
  }
  return { media, forms };
}

export function contentSecurityPolicy(nonce: string): string {
  const { media, forms } = origins();
  const extra = (list: string[]) => (list.length ? ` ${list.join(" ")}` : "");
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob:${extra(media)}`,
    `media-src 'self' blob:${extra(media)}`,
    `connect-src 'self'${extra(media)}`,
    "font-src 'self'",
    `form-action 'self'${extra(forms)}`,
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "object-src 'none'",
  ].join("; ");
}

export function applySecurityHeaders(headers: Headers, nonce?: string) {
  if (nonce) headers.set("Content-Security-Policy", contentSecurityPolicy(nonce));
  headers.set("X-Content-Type-Options", "nosniff");
  headers.set("X-Frame-Options", "DENY");
  headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
  headers.set("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=()");
  headers.set("Cross-Origin-Opener-Policy", "same-origin");
  if (getConfig().publicUrl.startsWith("https://")) {
    headers.set("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
  }
}

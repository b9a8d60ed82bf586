/**
 * Password reset by e-mail (docs/product.md §2, docs/architecture.md §8): a link with 32 random bytes (base64url),
 * stored only as its SHA-256, valid one hour, used once. The request answers the same way
 * whether or not the address has an account; only an existing account gets the e-mail.
 * No enumeration by side channels either: an unknown address checks the mail service (so a mail
 * outage shows the same error to everybody) and both paths take at least RESPONSE_FLOOR_MS, so a
 * send does not stand out by its duration.
 * A successful reset changes the hash, ends every session of the user and uses up the token
 * (and any other open link of that user) in one transaction.
 */
import { randomBytes } from "node:crypto";
import { and, eq, gt, isNull } from "drizzle-orm";
import { getDb } from "../../db/client";
import { passwordResetTokens } from "../../db/schema";
import { getConfig } from "~/config.server";
import { destroyUserSessions, hashToken } from "~/models/session.server";
import { findUserByEmail, setPasswordHash } from "~/models/user.server";
import { log } from "~/log.server";
import { passwordResetMail } from "~/models/mail-templates.server";
import { checkMailService, sendMail } from "~/services/mail.server";
import { hashPassword } from "~/services/password.server";

export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;
const TOKEN_FORMAT = /^[A-Za-z0-9_-]{43}$/;
/** Longer than a lookup plus an SMTP hand-over to a nearby relay normally takes. */
export const RESPONSE_FLOOR_MS = 400;

export type ResetTokenState = "valid" | "expired" | "used" | "invalid";

/**
 * Sends a reset link when the address has an account; otherwise only checks that mail could be
 * sent. Throws when the mail service failed either way (the caller shows "Eroare la resetarea
 * parolei"). Resolves no sooner than `floorMs` after it was called, whichever path it took.
 */
export async function requestPasswordReset(email: string, now = new Date(), floorMs = RESPONSE_FLOOR_MS): Promise<void> {
  const floor = new Promise((resolve) => setTimeout(resolve, floorMs));
  try {
    await sendResetLink(email, now);
  } finally {
    await floor;
  }
}

async function sendResetLink(email: string, now: Date): Promise<void> {
  const user = await findUserByEmail(email);
  if (!user) {
    await checkMailService();
    return;
  }
  const token = randomBytes(32).toString("base64url");
  const [row] = await getDb()
    .insert(passwordResetTokens)
    .values({ userId: user.id, tokenHash: hashToken(token), expiresAt: new Date(now.getTime() + RESET_TOKEN_TTL_MS) })
    .returning({ id: passwordResetTokens.id });
  const link = `${getConfig().publicUrl}/reset/${token}`;
  try {
    await sendMail(passwordResetMail({ to: user.email, name: user.name, link }));
  } catch (error) {
    // The link never reached the user: do not leave it usable.
    await getDb().delete(passwordResetTokens).where(eq(passwordResetTokens.id, row.id)).catch(() => {});
    throw error;
  }
  log.info("password reset requested", { userId: user.id });
}

/** What the reset page should show for this link. */
export async function checkResetToken(token: string, now = new Date()): Promise<ResetTokenState> {
  if (!TOKEN_FORMAT.test(token)) return "invalid";
  const [row] = await getDb()
    .select({ expiresAt: passwordResetTokens.expiresAt, usedAt: passwordResetTokens.usedAt })
    .from(passwordResetTokens)
    .where(eq(passwordResetTokens.tokenHash, hashToken(token)))
    .limit(1);
  if (!row) return "invalid";
  if (row.usedAt) return "used";
  if (row.expiresAt.getTime() <= now.getTime()) return "expired";
  return "valid";
}

/**
 * Sets the new password if the link is still valid. Returns the state of the link: "valid"
 * means the password was changed; anything else changed nothing.
 */
export async function resetPassword(token: string, newPassword: string, now = new Date()): Promise<ResetTokenState> {
  const state = await checkResetToken(token, now);
  if (state !== "valid") return state;
  const passwordHash = await hashPassword(newPassword);
  const changed = await getDb().transaction(async (tx) => {
    // Claiming the token is one conditional update: of two concurrent uses, one wins.
    const [claimed] = await tx
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(
        and(
          eq(passwordResetTokens.tokenHash, hashToken(token)),
          isNull(passwordResetTokens.usedAt),
          gt(passwordResetTokens.expiresAt, now),
        ),
      )
      .returning({ userId: passwordResetTokens.userId });
    if (!claimed) return false;
    await setPasswordHash(claimed.userId, passwordHash, tx);
    await destroyUserSessions(claimed.userId, tx);
    // Other links sent to this user stop working too.
    await tx
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(and(eq(passwordResetTokens.userId, claimed.userId), isNull(passwordResetTokens.usedAt)));
    log.info("password reset completed", { userId: claimed.userId });
    return true;
  });
  return changed ? "valid" : await checkResetToken(token, now);
}

/**
 * The current password asked again on /cont (e-mail or password change) and /cont/sterge
 * (account deletion). Wrong answers count against the login limits, so a stolen session cannot
 * guess it.
 */
import { tooManyAttemptsMessage } from "~/lib/account-messages";
import { CHANGE_MESSAGES } from "~/lib/validation/account";
import type { SessionUser } from "~/models/session.server";
import { checkCurrentPassword } from "~/models/user.server";
import { forgiveLogin, hitLogin, recordLoginFailure } from "~/services/rate-limit.server";


/** Null when `password` is the user's; otherwise the answer (wrong: 400, too many tries: 429). */
export async function refuseWrongPassword(request: Request, user: SessionUser, password: string) {
  const limit = await hitLogin(request, user.email);
  if (!limit.allowed) return { status: 429, reply: { formErrors: [tooManyAttemptsMessage(limit.retryAfterMs)] } };
  if (!(await checkCurrentPassword(user.id, password))) {
    await recordLoginFailure(request);
    return { status: 400, reply: { fieldErrors: { currentPassword: [CHANGE_MESSAGES.wrongCurrentPassword] } } };
  }
  await forgiveLogin(request, user.email);
  return null;
}

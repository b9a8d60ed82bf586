/**
 * POST /sesiuni/:id/lista-asteptare — join (intent=join) or leave (intent=leave) the waitlist of
 * a full in-person session (issue 28), from the course page or /cont; a plain form, back to the
 * page it came from with a toast. A guest is sent to the login first, then back to the course page.
 */
import { type ActionFunctionArgs } from "@remix-run/node";
import { readFormData } from "~/lib/form-input";
import { parseId } from "~/lib/ids";
import { readIntent } from "~/lib/intent";
import { safeRedirect } from "~/lib/safe-redirect";
import { SHORT_TOAST } from "~/lib/toast";
import { courseOfSession, joinWaitlist, leaveWaitlist, WAITLIST_MESSAGES } from "~/models/session-waitlist.server";
import { requireUser } from "~/models/session.server";
import { redirectWithToast } from "~/services/toast.server";
import { rethrowIfUnavailable } from "~/services/unavailable.server";

const INTENTS = ["join", "leave"] as const;

export async function loader() {
  throw new Response(null, { status: 405 });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const id = parseId(params.id);
  const pageOf = (courseId: number | null) => (courseId ? `/cursuri/curs/${courseId}` : "/cursuri");
  // Auth first (a cross-site post is refused before anything else); a guest comes back to the course.
  const user = await requireUser(request, async () => pageOf(id ? await courseOfSession(id) : null));
  const courseId = id ? await courseOfSession(id) : null;
  const coursePage = pageOf(courseId);
  if (!id || !courseId) throw new Response(WAITLIST_MESSAGES.notFound, { status: 404 });
  const form = await readFormData(request);
  const back = safeRedirect(String(form.get("returnTo") ?? ""), coursePage);
  const intent = readIntent(form, INTENTS);
  if (!intent) throw new Response("Acțiune necunoscută.", { status: 400 });
  try {
    const result = intent === "join" ? await joinWaitlist(id, user.id) : await leaveWaitlist(id, user.id);
    return redirectWithToast(back, { ...SHORT_TOAST, message: result.message, type: result.ok ? "success" : "error" });
  } catch (error) {
    rethrowIfUnavailable(error);
    throw error;
  }
}

/**
 * /admin/sesiuni/:id/lista.csv — a session's roster as CSV (name, phone, e-mail, payment,
 * diploma option, order), admins only.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { parseId } from "~/lib/ids";
import { getSessionForAdmin, SESSION_ADMIN_MESSAGES } from "~/models/session-admin.server";
import { rosterCsv, sessionRoster } from "~/models/session-roster.server";
import { requireAdmin } from "~/models/session.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const id = parseId(params.id);
  const session = id ? await getSessionForAdmin(id) : null;
  if (!session) throw new Response(SESSION_ADMIN_MESSAGES.notFound, { status: 404 });
  const csv = rosterCsv(await sessionRoster(session.id));
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="sesiune-${session.id}-${session.startsOn}.csv"`,
      "Cache-Control": "private, no-store",
    },
  });
}

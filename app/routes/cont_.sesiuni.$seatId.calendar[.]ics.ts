/**
 * /cont/sesiuni/:seatId/calendar.ics — the student's in-person session as an iCalendar file
 * (RFC 5545, Europe/Bucharest times, the place; the same UID as the invitation e-mailed with the
 * confirmation). Only the seat's owner; anyone else gets 404.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { seatCalendar } from "~/models/session-calendar.server";
import { requireUser } from "~/models/session.server";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const seatId = params.seatId ?? "";
  const calendar = UUID.test(seatId) ? await seatCalendar(seatId, "PUBLISH", { userId: user.id }) : null;
  if (!calendar) throw new Response("Sesiunea nu există.", { status: 404 });
  return new Response(calendar.content, {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": `attachment; filename="${calendar.filename}"`,
      "Cache-Control": "private, no-store",
    },
  });
}

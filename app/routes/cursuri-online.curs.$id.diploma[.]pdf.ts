/**
 * GET /cursuri-online/curs/:id/diploma.pdf — the diploma PDF of the user's own finished course
 * (A4 landscape, made on the server). Owner only: another user has no enrolment here (404).
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { getConfig } from "~/config.server";
import { contentDisposition } from "~/lib/http-range";
import { diplomaFileName, diplomaVerifyPath } from "~/lib/diploma";
import { parseId } from "~/lib/ids";
import { playerPath } from "~/lib/player";
import { certificateFor } from "~/models/diploma.server";
import { requireUser } from "~/models/session.server";
import { renderDiplomaPdf } from "~/services/diploma-pdf.server";
import { redirectWithToast } from "~/services/toast.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const courseId = parseId(params.id);
  if (!courseId) throw new Response("Diploma nu există.", { status: 404 });
  const result = await certificateFor(user.id, courseId);
  if (!result.ok) {
    if (result.reason === "not-finished") {
      throw await redirectWithToast(playerPath(courseId), { message: "Diploma este disponibilă după finalizarea cursului.", type: "info" });
    }
    throw new Response("Diploma nu există.", { status: 404 });
  }
  const { diploma } = result;
  const config = getConfig();
  const pdf = await renderDiplomaPdf({
    holderName: diploma.holderName,
    courseTitle: diploma.courseTitle,
    completedOn: diploma.completedOn,
    code: diploma.code,
    verifyUrl: `${config.publicUrl}${diplomaVerifyPath(diploma.code)}`,
    trainer: config.business.trainer,
    brand: config.business.brand,
    businessName: config.business.name,
  });
  return new Response(Buffer.from(pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": contentDisposition(diplomaFileName(diploma.courseTitle, diploma.code)),
      "Content-Length": String(pdf.byteLength),
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}

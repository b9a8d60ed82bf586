/**
 * GET /cont/datele-mele.json — "Descarcă datele" (GDPR art. 15 and 20): everything the site holds
 * about the signed-in user as a JSON file (shape: README "Datele mele"). Only the user's own
 * data; never cached.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { exportAccountData } from "~/models/account-data.server";
import { requireUser } from "~/models/session.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const data = await exportAccountData(user.id);
  const day = data.exportedAt.slice(0, 10);
  return new Response(`${JSON.stringify(data, null, 2)}\n`, {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="datele-mele-${day}.json"`,
      "Cache-Control": "private, no-store",
      Vary: "Cookie",
    },
  });
}

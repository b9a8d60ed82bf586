/**
 * POST /internal/backup starts a backup in this process; GET /internal/backup?id=… reports it.
 * For `npm run backup` while the site runs on the embedded database (one process owns it).
 * Authenticated by a token derived from the site's secret (Authorization: Bearer …); anyone
 * else gets 404, as if the address did not exist.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { backupJob, isBackupCommandToken, startBackupJob } from "~/services/backup/run.server";

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json", "Cache-Control": "no-store" } });

export async function action({ request }: ActionFunctionArgs) {
  if (!isBackupCommandToken(request.headers.get("authorization"))) return json({ msg: "Pagina nu există." }, 404);
  if (request.method !== "POST") return json({ msg: "Metodă nepermisă." }, 405);
  return json({ id: startBackupJob() }, 202);
}

export async function loader({ request }: LoaderFunctionArgs) {
  if (!isBackupCommandToken(request.headers.get("authorization"))) return json({ msg: "Pagina nu există." }, 404);
  const job = backupJob(new URL(request.url).searchParams.get("id") ?? "");
  return job ? json(job) : json({ msg: "Nu există această copie în lucru." }, 404);
}

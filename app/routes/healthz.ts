import { checkDatabase } from "~/models/health.server";

/** GET /healthz: 200 {"ok":true} when the database answers, 503 otherwise. */
export async function loader() {
  const ok = await checkDatabase();
  return new Response(JSON.stringify(ok ? { ok: true } : { ok: false, error: "database" }), {
    status: ok ? 200 : 503,
    headers: { "Content-Type": "application/json", "Cache-Control": "no-store" },
  });
}

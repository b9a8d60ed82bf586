/**
 * Issue 29: request logs and /metrics (scripts/observability.mjs, app/services/metrics.server.ts).
 * /metrics answers only with the METRICS_TOKEN bearer token (otherwise the request goes on to the
 * site: 404), counts requests by route pattern and status, shows the outbox depth and the jobs'
 * last success, the seconds they ran and the runs in progress; the JSON log line has no query, no secret path segment, no personal data.
 */
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
// @ts-expect-error: express ships no types (the server scripts that use it are plain JavaScript)
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "../../db/client";
import { mailOutbox } from "../../db/schema";
import { recordJobSuccess, registerAppMetrics } from "~/services/metrics.server";
import { every } from "~/services/schedule.server";
import { observability, routeMatcher } from "../../scripts/observability.mjs";

const TOKEN = "metrics-token-0123456789abcdef";
const ROUTES = {
  root: { id: "root", path: "" },
  "routes/_index": { id: "routes/_index", parentId: "root", index: true },
  "routes/admin": { id: "routes/admin", parentId: "root", path: "admin" },
  "routes/admin.comenzi.$id": { id: "routes/admin.comenzi.$id", parentId: "routes/admin", path: "comenzi/:id" },
  "routes/admin.sistem": { id: "routes/admin.sistem", parentId: "routes/admin", path: "sistem" },
  "routes/reset.$token": { id: "routes/reset.$token", parentId: "root", path: "reset/:token" },
  "routes/$": { id: "routes/$", parentId: "root", path: "*" },
};

let base = "";
let server: Server;
const lines: string[] = [];

beforeAll(async () => {
  registerAppMetrics();
  const app = express();
  const { requests, metrics } = observability({ routes: ROUTES, token: TOKEN, json: true, log: (line: string) => lines.push(line) });
  app.use(requests);
  app.get("/metrics", metrics);
  app.all("*", (req: { path: string }, res: { status(code: number): { send(body: string): void } }) => res.status(req.path === "/metrics" ? 404 : 200).send(req.path === "/metrics" ? "Pagină inexistentă" : "ok"));
  await new Promise<void>((resolve) => {
    server = app.listen(0, "127.0.0.1", () => resolve());
  });
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

describe("/metrics", () => {
  it("is the site's 404 without the token or with a wrong one", async () => {
    for (const headers of [{}, { Authorization: "Bearer wrong-token-0123456789abcdef" }, { Authorization: TOKEN.slice(1) }] as HeadersInit[]) {
      const response = await fetch(`${base}/metrics`, { headers });
      expect(response.status).toBe(404);
      expect(await response.text()).toBe("Pagină inexistentă");
    }
  });

  it("counts requests by route pattern and shows the outbox and the jobs", async () => {
    await getDb().insert(mailOutbox).values({ toAddress: "a@example.com", subject: "s", textBody: "t", htmlBody: "h" });
    recordJobSuccess("retention", Date.UTC(2026, 10, 25, 12, 0, 0));
    await fetch(`${base}/admin/comenzi/123e4567-e89b-12d3-a456-426614174000?tab=x`);
    await fetch(`${base}/admin/comenzi/22222222-e89b-12d3-a456-426614174000`);
    await fetch(`${base}/reset/SECRETTOKENVALUE0123456789?email=maria@example.com`);
    const response = await fetch(`${base}/metrics`, { headers: { Authorization: `Bearer ${TOKEN}` } });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/plain/);
    const text = await response.text();
    expect(text).toContain('http_requests_total{method="GET",route="/admin/comenzi/:id",status="200"} 2');
    expect(text).toContain('http_request_duration_seconds_count{method="GET",route="/reset/:token",status="200"} 1');
    expect(text).toMatch(/^academy_mail_outbox_depth 1$/m);
    expect(text).toContain('academy_job_last_success_timestamp_seconds{job="retention"} 1795608000');
    expect(text).toMatch(/^academy_backup_last_success_timestamp_seconds 0$/m);
    expect(text).not.toContain("SECRETTOKEN");
  });

  it("shows a job's run while it runs and the seconds it took once it ended, failed runs included", async () => {
    const read = async () => {
      const text = await fetch(`${base}/metrics`, { headers: { Authorization: `Bearer ${TOKEN}` } }).then((r) => r.text());
      const value = (name: string) => Number(text.match(new RegExp(`^${name}\\{job="slow job"\\} (\\S+)$`, "m"))?.[1] ?? NaN);
      return { running: value("academy_job_running"), seconds: value("academy_job_seconds_total") };
    };
    let finish!: () => void;
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    const stop = every(
      "slow job",
      3600_000,
      0,
      () =>
        new Promise<void>((_, reject) => {
          started();
          finish = () => setTimeout(() => reject(new Error("the job failed")), 60);
        }),
    );
    try {
      await running;
      expect(await read()).toEqual({ running: 1, seconds: NaN });
      finish();
      await expect.poll(async () => (await read()).running).toBe(0);
      expect((await read()).seconds).toBeGreaterThanOrEqual(0.05);
    } finally {
      stop();
    }
  });

  it("logs one JSON line per request without the query, secret segments or personal data", async () => {
    lines.length = 0;
    const response = await fetch(`${base}/reset/SECRETTOKENVALUE0123456789?email=maria@example.com`, { headers: { "X-Request-Id": "req-12345678" } });
    expect(response.headers.get("x-request-id")).toBe("req-12345678");
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(lines).toHaveLength(1);
    const entry = JSON.parse(lines[0]) as Record<string, unknown>;
    expect(entry).toMatchObject({ level: "info", msg: "request", method: "GET", route: "/reset/:token", path: "/reset/:token", status: 200, requestId: "req-12345678" });
    expect(typeof entry.ms).toBe("number");
    expect(lines[0]).not.toContain("maria");
    expect(lines[0]).not.toContain("SECRET");
    // A request id the client made up that does not look like one is replaced.
    const odd = await fetch(`${base}/`, { headers: { "X-Request-Id": "<script>" } });
    expect(odd.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("matches paths as Remix would: static segments before parameters, the splat last", () => {
    const match = routeMatcher(ROUTES);
    expect(match("/admin/sistem")).toEqual({ route: "/admin/sistem", path: "/admin/sistem" });
    expect(match("/admin/comenzi/5")).toEqual({ route: "/admin/comenzi/:id", path: "/admin/comenzi/5" });
    expect(match("/")).toEqual({ route: "/", path: "/" });
    expect(match("/nu/exista")).toEqual({ route: "/*", path: "/*" });
  });
});

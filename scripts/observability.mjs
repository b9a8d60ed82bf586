/**
 * Request logs and metrics for one worker (imported by scripts/server.mjs; kept apart so the
 * server stays small):
 *
 * - One line per request. In production (or LOG_FORMAT=json) a JSON object: time, method, route
 *   (the Remix route's pattern), path (without the query; secret segments such as a reset token
 *   replaced by their name), status, ms, request id (X-Request-Id from the proxy when it looks
 *   like one, otherwise a new one, sent back in the answer). No personal data, no cookies, no IP.
 *   Otherwise a short line (method, path, status, ms), like morgan's "tiny" before.
 * - Prometheus metrics with prom-client: requests by method, route pattern and status, their
 *   durations, and what the app registers itself (mail outbox depth, backup age, the jobs' last
 *   success: app/services/metrics.server.ts). `GET /metrics` answers only with
 *   `Authorization: Bearer $METRICS_TOKEN`; without the token (or when none is set) the request
 *   goes on to the site, which answers its 404 page. Under the supervisor the answer covers every
 *   worker: the primary aggregates them (prom-client's AggregatorRegistry, scripts/start.mjs).
 */
import cluster from "node:cluster";
import { randomUUID, timingSafeEqual } from "node:crypto";
import client from "prom-client";

// Lets the supervisor collect this worker's metrics (prom-client installs the listener with its
// first AggregatorRegistry).
if (cluster.isWorker) new client.AggregatorRegistry();
// The process's own figures (CPU, memory, event-loop lag, handles), once per process.
if (!client.register.getSingleMetric("process_cpu_seconds_total")) client.collectDefaultMetrics();

/** Path parameters whose values are secrets or personal: logged by name only. */
const SECRET_PARAMS = new Set(["token", "code", "file", "*"]);
const REQUEST_ID = /^[A-Za-z0-9._:-]{8,128}$/;

/**
 * Matches a URL path to the route pattern Remix would pick (leaf routes of the build, static
 * segments first): a bounded label for metrics and logs.
 */
export function routeMatcher(routes) {
  const byId = new Map(Object.values(routes).map((r) => [r.id, r]));
  const parents = new Set(Object.values(routes).map((r) => r.parentId).filter(Boolean));
  const fullPath = (route) => {
    const parts = [];
    for (let r = route; r; r = r.parentId ? byId.get(r.parentId) : undefined) if (r.path) parts.unshift(r.path);
    return parts.join("/").replace(/\/+/g, "/").replace(/^\/|\/$/g, "");
  };
  const patterns = [];
  for (const route of Object.values(routes)) {
    if (parents.has(route.id) && !route.index) continue;
    const path = fullPath(route);
    const segments = path ? path.split("/") : [];
    let score = 0;
    const names = [];
    const source = segments
      .map((segment) => {
        if (segment === "*") {
          names.push("*");
          score -= 2;
          return "(?:/(.*))?";
        }
        const optional = segment.endsWith("?");
        const clean = optional ? segment.slice(0, -1) : segment;
        if (clean.startsWith(":")) {
          names.push(clean.slice(1));
          score += 3;
          return optional ? "(?:/([^/]+))?" : "/([^/]+)";
        }
        score += 10;
        const literal = `/${clean.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`;
        return optional ? `(?:${literal})?` : literal;
      })
      .join("");
    patterns.push({ pattern: `/${path}`, names, score, regex: new RegExp(`^${source}/?$`, "i") });
  }
  patterns.sort((a, b) => b.score - a.score);
  return (pathname) => {
    for (const p of patterns) {
      const m = p.regex.exec(pathname);
      if (!m) continue;
      let safePath = pathname;
      p.names.forEach((name, i) => {
        const value = m[i + 1];
        if (value && SECRET_PARAMS.has(name)) safePath = safePath.replace(value, name === "*" ? "*" : `:${name}`);
      });
      return { route: p.pattern, path: safePath };
    }
    return { route: "unmatched", path: "unmatched" };
  };
}

function tokenMatches(header, token) {
  const given = Buffer.from((header ?? "").replace(/^Bearer\s+/i, ""));
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The whole cluster's metrics through the supervisor, or this process's alone. */
function collect() {
  if (!cluster.isWorker || !process.connected) return client.register.metrics();
  const id = randomUUID();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      process.off("message", onMessage);
      reject(new Error("the supervisor did not answer with the metrics"));
    }, 10_000);
    const onMessage = (message) => {
      if (message?.type !== "academy:metrics" || message.id !== id) return;
      clearTimeout(timer);
      process.off("message", onMessage);
      if (message.error) reject(new Error(message.error));
      else resolve(message.text);
    };
    process.on("message", onMessage);
    process.send({ type: "academy:metrics", id });
  });
}

/**
 * `{ requests, metrics }`: the express middleware that times and logs every request, and the
 * handler of GET /metrics. `log` writes one line (console.log by default).
 */
export function observability({ routes, token = process.env.METRICS_TOKEN || undefined, json = process.env.NODE_ENV === "production" || process.env.LOG_FORMAT === "json", quiet = false, log = (line) => console.log(line) }) {
  if (token && token.length < 16) {
    console.error("METRICS_TOKEN is shorter than 16 characters: /metrics stays closed");
    token = undefined;
  }
  const match = routeMatcher(routes);
  const labelNames = ["method", "route", "status"];
  const requestsTotal =
    client.register.getSingleMetric("http_requests_total") ?? new client.Counter({ name: "http_requests_total", help: "HTTP requests answered, by method, route pattern and status", labelNames });
  const duration =
    client.register.getSingleMetric("http_request_duration_seconds") ??
    new client.Histogram({ name: "http_request_duration_seconds", help: "Time to answer an HTTP request, by method, route pattern and status", labelNames, buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10] });

  function requests(req, res, next) {
    const started = process.hrtime.bigint();
    const given = req.get("x-request-id");
    const id = given && REQUEST_ID.test(given) ? given : randomUUID();
    res.setHeader("X-Request-Id", id);
    res.on("finish", () => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      const isStatic = req.path.startsWith("/build/") || /\.[a-z0-9]+$/i.test(req.path);
      const { route, path } = isStatic ? { route: "static", path: req.path } : req.path === "/metrics" && res.statusCode === 200 ? { route: "/metrics", path: "/metrics" } : match(req.path);
      const labels = { method: req.method, route, status: String(res.statusCode) };
      requestsTotal.inc(labels);
      duration.observe(labels, ms / 1000);
      if (quiet) return;
      if (json) {
        log(JSON.stringify({ time: new Date().toISOString(), level: "info", msg: "request", method: req.method, route, path, status: res.statusCode, ms: Math.round(ms * 10) / 10, requestId: id }));
      } else {
        log(`${req.method} ${path} ${res.statusCode} - ${ms.toFixed(1)} ms`);
      }
    });
    next();
  }

  async function metrics(req, res, next) {
    if (!token || !tokenMatches(req.get("authorization"), token)) return next();
    try {
      const text = await collect();
      res.set("Content-Type", client.register.contentType).set("Cache-Control", "no-store").send(text);
    } catch (error) {
      res.status(503).type("text/plain").send(`metrics unavailable: ${error?.message ?? error}\n`);
    }
  }

  return { requests, metrics };
}

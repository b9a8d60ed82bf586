/**
 * The Express app of one worker (scripts/server.mjs listens with it): the Remix build served
 * through Remix's public Express adapter (`createRequestHandler` from `@remix-run/express`, with
 * `getLoadContext`), as @remix-run/serve would (compression, /build immutable for a year and
 * sent as the build compressed it, public files for an hour, a one-line access log: JSON in production, with Prometheus metrics,
 * see observability.mjs), plus:
 *
 * - The old `?_data=` parameter (Remix before single fetch) is dropped from every address
 *   before Remix sees it: the page or call it names answers, never a made-up data request.
 * - The app's origin check runs before Remix's (a cross-site post gets the app's 403 page, a
 *   same-site post behind a proxy that rewrites Host is accepted): `originVerdict` in
 *   app/services/origin.server.ts says why.
 * - One request scope per HTTP request (its loaders share the session lookup).
 * - Honest errors. A request whose loader or action could not reach the database is answered
 *   503 + Retry-After (a page: the Romanian 503 page, a form post with its fields to send again;
 *   the copy of a small form post is kept here); an error page never goes out with a 2xx status.
 *
 * Everything it uses of the app is `build.entry.module.serverHost` (typed in
 * app/server-host.server.ts): Remix's public ServerBuild, no globals.
 */
import path from "node:path";
import zlib from "node:zlib";
import { createRequestHandler } from "@remix-run/express";
import compression from "compression";
import express from "express";
import expressStaticGzip from "express-static-gzip";
import onHeaders from "on-headers";
import { observability } from "./observability.mjs";

const FORM_TYPE = /^application\/x-www-form-urlencoded/i;
const MAX_FORM_COPY_BYTES = 64 * 1024;

/**
 * @param {import("@remix-run/node").ServerBuild} build
 * @param {{ draining?: () => boolean, accessLog?: boolean }} [options]
 */
export function createHttpApp(build, { draining = () => false, accessLog = true } = {}) {
  /** @type {import("../app/server-host.server").ServerHost} */
  const host = /** @type {any} */ (build.entry.module).serverHost;
  const app = express();
  app.disable("x-powered-by");
  app.use((req, res, next) => {
    if (draining()) res.set("Connection", "close");
    next();
  });
  // A guest's page request (app/services/guest-answers.server.ts: a GET for a page address, no
  // session cookie) is what a slow phone's first visit gets: it is compressed harder, Brotli
  // quality 5 instead of the module's default 4: ~6 % smaller (the course page 13.7 → 12.9 KB,
  // within the first TCP window) for ~0.3 ms more CPU. Everything else keeps the default.
  const compress = compression();
  const compressPage = compression({ brotli: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } } });
  app.use((req, res, next) => {
    res.locals.guestRequestKey = host.guestRequestKey(req.method, req.originalUrl, req.headers);
    return (res.locals.guestRequestKey === null ? compress : compressPage)(req, res, next);
  });
  // The build's scripts and style sheets have Brotli and gzip copies made by `npm run build`
  // (scripts/precompress.mjs, at the highest settings): the copy the browser accepts is sent as it
  // is, with Vary: Accept-Encoding, and `compress` above leaves it alone (Content-Encoding is set).
  // A file without copies (`remix dev`, a small file) is served as before, compressed per request.
  app.use(
    build.publicPath,
    expressStaticGzip(build.assetsBuildDirectory, {
      enableBrotli: true,
      orderPreference: ["br", "gzip"],
      index: false,
      serveStatic: { immutable: true, maxAge: "1y" },
    }),
  );
  // public/ holds only files with an extension (favicon.svg, fonts/, images/): a page address
  // such as /cont goes straight to Remix instead of costing a failed stat() on every request.
  const publicFiles = express.static("public", { maxAge: "1h" });
  app.use((req, res, next) => (path.extname(req.path) ? publicFiles(req, res, next) : next()));
  // One log line per request (JSON in production) and GET /metrics behind METRICS_TOKEN (observability.mjs).
  const { requests, metrics } = observability({ routes: build.routes, quiet: !accessLog });
  app.use(requests);
  app.get("/metrics", metrics);

  // A guest page answered a moment ago for the same request is sent again without entering
  // Remix (app/services/guest-answers.server.ts); any other request carries its key to the entry.
  app.use((req, res, next) => {
    const key = res.locals.guestRequestKey;
    const answer = key === null ? null : host.guestAnswer(key);
    if (!answer) return next();
    res.status(answer.status);
    for (const [name, value] of answer.headers) res.setHeader(name, value);
    res.end(answer.body);
  });

  // Everything below runs in this request's scope (the AsyncLocalStorage follows `next`).
  app.use((req, res, next) => host.runInRequestScope(next));
  app.use((req, res, next) => {
    const address = host.addressForRemix(req.originalUrl);
    if (address !== req.originalUrl) req.url = req.originalUrl = address;
    next();
  });
  app.use((req, res, next) => {
    if (req.method === "GET" || req.method === "HEAD" || req.get("origin") === undefined) return next();
    let request;
    try {
      request = new Request(`${req.protocol}://${req.get("host") ?? "localhost"}${req.originalUrl}`, {
        method: req.method,
        headers: headersOf(req),
      });
    } catch {
      return next(); // an address or header no Request can hold: Remix answers it as before
    }
    const verdict = host.originVerdict(request);
    if (verdict.kind === "same-site") req.headers.origin = verdict.origin;
    if (verdict.kind !== "refuse") return next();
    void send(res, verdict.response).catch(next);
  });
  app.use(keepFormCopy);
  app.all(
    "*",
    createRequestHandler({
      build,
      mode: process.env.NODE_ENV,
      getLoadContext: (req, res) => {
        const context = host.createLoadContext({
          formCopy: res.locals.formCopy,
          guestRequestKey: res.locals.guestRequestKey,
        });
        // The last look before the status line goes out: 503 when the database was unreachable,
        // never a 2xx for an error page (services/unavailable.server.ts, finalStatus).
        onHeaders(res, function () {
          const fixed = host.finalStatus(context, this.statusCode);
          if (!fixed) return;
          this.statusCode = fixed.status;
          for (const [name, value] of Object.entries(fixed.headers)) this.setHeader(name, value);
        });
        return context;
      },
    }),
  );
  return app;
}

/** @param {import("express").Request} req */
function headersOf(req) {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else if (value !== undefined) headers.set(name, value);
  }
  return headers;
}

/**
 * @param {import("express").Response} res
 * @param {Response} response
 */
async function send(res, response) {
  res.status(response.status);
  response.headers.forEach((value, name) => res.setHeader(name, value));
  res.end(Buffer.from(await response.arrayBuffer()));
}

/**
 * A small form post (URL-encoded, at most 64 KB) is copied as it streams to Remix, so that a 503
 * page can give its fields back (`formCopy` is undefined until the whole body has arrived).
 * @type {import("express").RequestHandler}
 */
function keepFormCopy(req, res, next) {
  const length = Number(req.get("content-length") ?? Infinity);
  if (req.method === "POST" && FORM_TYPE.test(req.get("content-type") ?? "") && length <= MAX_FORM_COPY_BYTES) {
    /** @type {Buffer[]} */
    const chunks = [];
    let complete = false;
    req.on("data", (chunk) => chunks.push(chunk));
    req.on("end", () => (complete = true));
    res.locals.formCopy = () => (complete ? Buffer.concat(chunks).toString("utf8") : undefined);
  }
  next();
}

import net from "node:net";
import { describe, expect, it } from "vitest";
import { connect, getDatabaseHandle, setDatabaseHandle, type DatabaseHandle } from "../../db/client";
import { loader } from "~/routes/healthz";
import { createTestDatabase } from "../helpers/db";

/** Runs the health check while the app's database is `handle`. */
async function healthWith(handle: DatabaseHandle): Promise<Response> {
  const original = getDatabaseHandle();
  setDatabaseHandle(handle);
  try {
    return await loader();
  } finally {
    setDatabaseHandle(original);
  }
}

function listen(server: net.Server): Promise<number> {
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve((server.address() as net.AddressInfo).port)));
}

describe("GET /healthz", () => {
  it("answers 200 {ok:true} while the database answers", async () => {
    const response = await loader();
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true });
  });

  it("answers 503 when the database was closed", async () => {
    const doomed = await createTestDatabase();
    await doomed.dispose();
    const response = await healthWith(doomed.handle);
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({ ok: false });
  });

  it("answers 503 when the database server refuses connections", async () => {
    const server = net.createServer();
    const port = await listen(server);
    await new Promise((resolve) => server.close(resolve));
    const handle = await connect({ url: `postgres://postgres@127.0.0.1:${port}/nothing`, max: 1 });
    try {
      const response = await healthWith(handle);
      expect(response.status).toBe(503);
    } finally {
      await handle.close().catch(() => {});
    }
  });

  it("answers 503 within its timeout when the database server hangs", async () => {
    // Accepts the TCP connection and never says a word, like a stuck server.
    const sockets: net.Socket[] = [];
    const server = net.createServer((socket) => sockets.push(socket));
    const port = await listen(server);
    const handle = await connect({ url: `postgres://postgres@127.0.0.1:${port}/nothing`, max: 1 });
    try {
      const started = Date.now();
      const response = await healthWith(handle);
      expect(response.status).toBe(503);
      expect(Date.now() - started).toBeLessThan(5_000);
    } finally {
      for (const socket of sockets) socket.destroy();
      server.close();
      await handle.close().catch(() => {});
    }
  });
});

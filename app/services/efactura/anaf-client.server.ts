/**
 * A small typed client of ANAF's RO e-Factura REST API and its OAuth2 server (fetch only).
 * The npm registry's `efactura-sdk` hard-codes ANAF's hosts (no way to point it at the local
 * simulator) and brings five dependencies for what is five GET/POST calls, so this is our own.
 *
 * Calls (paths under the API base, e.g. https://api.anaf.ro/test/FCTEL/rest):
 * - `POST upload?standard=UBL|CN&cif=…` (B2B) and `POST uploadb2c?standard=…&cif=…` (B2C): the
 *   XML as the body; answers `<header ExecutionStatus="0" index_incarcare="…"/>` or
 *   `ExecutionStatus="1"` with `<Errors errorMessage="…"/>`.
 * - `GET stareMesaj?id_incarcare=…`: `<header stare="ok|nok|in prelucrare|XML cu erori nepreluat de sistem" id_descarcare="…"/>`.
 * - `GET descarcare?id=…`: the answer ZIP (the XML and ANAF's signature, or the errors).
 * - `GET listaMesajeFactura?zile=1..60&cif=…`: JSON `{ mesaje: [{ id, id_solicitare, data_creare, tip, detalii }] }`
 *   or `{ eroare: "Nu exista mesaje…" }`.
 * OAuth: `GET {oauth}/authorize?response_type=code&client_id&redirect_uri&state&token_content_type=jwt`,
 * `POST {oauth}/token` (authorization_code or refresh_token grant).
 */
import { XMLParser } from "fast-xml-parser";

export interface AnafEndpoints {
  apiUrl: string;
  oauthUrl: string;
  clientId: string;
  clientSecret: string;
  redirectUri: string;
}

export type AnafErrorKind = "unauthorized" | "unavailable" | "invalid_grant" | "bad_request";

/** A call that did not get a usable answer. `unavailable`: network, timeout or 5xx (delivery unknown). */
export class AnafError extends Error {
  constructor(
    readonly kind: AnafErrorKind,
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

export interface TokenSet {
  accessToken: string;
  refreshToken: string;
  /** Seconds the access token is valid. */
  expiresIn: number;
}

export type UploadResult = { ok: true; index: string } | { ok: false; errors: string[] };
export type StatusResult =
  | { state: "processing" }
  | { state: "ok"; downloadId: string }
  | { state: "nok"; downloadId: string | null }
  | { state: "invalid"; errors: string[] };

export interface AnafMessage {
  id: string;
  uploadIndex: string;
  createdAt: Date;
  type: string;
  details: string;
}

export interface AnafClient {
  authorizeUrl(state: string): string;
  exchangeCode(code: string): Promise<TokenSet>;
  refresh(refreshToken: string): Promise<TokenSet>;
  upload(token: string, doc: { xml: string; cif: string; b2c: boolean; standard: "UBL" | "CN" }): Promise<UploadResult>;
  status(token: string, uploadIndex: string): Promise<StatusResult>;
  download(token: string, downloadId: string): Promise<Buffer>;
  messages(token: string, query: { cif: string; days: number }): Promise<AnafMessage[]>;
}

type Fetch = typeof fetch;
const TIMEOUT_MS = 30_000;
const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: "", removeNSPrefix: true, isArray: (name) => name === "Errors" || name === "Error" });

/** `202611251412` (ANAF's data_creare, Bucharest time) → a Date; unreadable → epoch. */
export function parseAnafTimestamp(value: string): Date {
  const m = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})/.exec(value);
  if (!m) return new Date(0);
  // Bucharest is UTC+2 or +3: take +2 (at worst an hour early, which only widens the match window).
  return new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]) - 2, Number(m[5])));
}

function errorMessages(header: Record<string, unknown>): string[] {
  const list = (header.Errors ?? header.Error ?? []) as Array<{ errorMessage?: string }>;
  return list.map((e) => String(e.errorMessage ?? "")).filter(Boolean);
}

export function createAnafClient(endpoints: AnafEndpoints, fetchImpl: Fetch = fetch): AnafClient {
  async function call(url: string, init: RequestInit): Promise<Response> {
    let response: Response;
    try {
      response = await fetchImpl(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
    } catch (error) {
      throw new AnafError("unavailable", `ANAF nu răspunde (${error instanceof Error ? error.message : String(error)})`);
    }
    if (response.status === 401 || response.status === 403) {
      await response.body?.cancel();
      throw new AnafError("unauthorized", "ANAF a refuzat tokenul de acces.", response.status);
    }
    if (response.status >= 500 || response.status === 429) {
      await response.body?.cancel();
      throw new AnafError("unavailable", `ANAF a răspuns ${response.status}.`, response.status);
    }
    if (!response.ok) {
      const text = await response.text().catch(() => "");
      throw new AnafError("bad_request", `ANAF a răspuns ${response.status}: ${text.slice(0, 200)}`, response.status);
    }
    return response;
  }

  const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

  async function tokenCall(body: Record<string, string>): Promise<TokenSet> {
    let response: Response;
    try {
      response = await fetchImpl(`${endpoints.oauthUrl}/token`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "application/json" },
        body: new URLSearchParams({ ...body, client_id: endpoints.clientId, client_secret: endpoints.clientSecret, token_content_type: "jwt" }),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error) {
      throw new AnafError("unavailable", `ANAF nu răspunde (${error instanceof Error ? error.message : String(error)})`);
    }
    if (response.status >= 500) throw new AnafError("unavailable", `ANAF a răspuns ${response.status}.`, response.status);
    const json = (await response.json().catch(() => ({}))) as Record<string, unknown>;
    if (!response.ok || typeof json.access_token !== "string") {
      const code = String(json.error ?? response.status);
      throw new AnafError(code === "invalid_grant" ? "invalid_grant" : "bad_request", `ANAF a refuzat autorizarea (${code}).`, response.status);
    }
    return {
      accessToken: json.access_token,
      refreshToken: typeof json.refresh_token === "string" ? json.refresh_token : body.refresh_token ?? "",
      expiresIn: Number(json.expires_in ?? 0) || 90 * 86_400,
    };
  }

  return {
    authorizeUrl(state) {
      const query = new URLSearchParams({
        response_type: "code",
        client_id: endpoints.clientId,
        redirect_uri: endpoints.redirectUri,
        state,
        token_content_type: "jwt",
      });
      return `${endpoints.oauthUrl}/authorize?${query}`;
    },
    exchangeCode: (code) => tokenCall({ grant_type: "authorization_code", code, redirect_uri: endpoints.redirectUri }),
    refresh: (refreshToken) => tokenCall({ grant_type: "refresh_token", refresh_token: refreshToken }),

    async upload(token, doc) {
      const path = doc.b2c ? "uploadb2c" : "upload";
      const query = new URLSearchParams({ standard: doc.standard, cif: doc.cif });
      const response = await call(`${endpoints.apiUrl}/${path}?${query}`, {
        method: "POST",
        headers: { ...bearer(token), "Content-Type": "text/plain; charset=utf-8" },
        body: doc.xml,
      });
      const header = (parser.parse(await response.text()) as { header?: Record<string, unknown> }).header;
      if (!header) throw new AnafError("unavailable", "Răspuns ANAF de neînțeles la încărcare.");
      const index = header.index_incarcare;
      if (String(header.ExecutionStatus) === "0" && index !== undefined) return { ok: true, index: String(index) };
      return { ok: false, errors: errorMessages(header) };
    },

    async status(token, uploadIndex) {
      const response = await call(`${endpoints.apiUrl}/stareMesaj?${new URLSearchParams({ id_incarcare: uploadIndex })}`, {
        headers: bearer(token),
      });
      const header = (parser.parse(await response.text()) as { header?: Record<string, unknown> }).header;
      if (!header) throw new AnafError("unavailable", "Răspuns ANAF de neînțeles la starea mesajului.");
      const state = String(header.stare ?? "");
      const downloadId = header.id_descarcare === undefined ? null : String(header.id_descarcare);
      if (state === "ok" && downloadId) return { state: "ok", downloadId };
      if (state === "nok") return { state: "nok", downloadId };
      if (state === "in prelucrare") return { state: "processing" };
      if (state) return { state: "invalid", errors: [state] };
      return { state: "invalid", errors: errorMessages(header) };
    },

    async download(token, downloadId) {
      const response = await call(`${endpoints.apiUrl}/descarcare?${new URLSearchParams({ id: downloadId })}`, { headers: bearer(token) });
      return Buffer.from(await response.arrayBuffer());
    },

    async messages(token, query) {
      const days = String(Math.min(60, Math.max(1, Math.ceil(query.days))));
      const response = await call(`${endpoints.apiUrl}/listaMesajeFactura?${new URLSearchParams({ zile: days, cif: query.cif })}`, {
        headers: { ...bearer(token), Accept: "application/json" },
      });
      const json = (await response.json().catch(() => ({}))) as { mesaje?: Array<Record<string, unknown>> };
      return (json.mesaje ?? []).map((m) => ({
        id: String(m.id ?? ""),
        uploadIndex: String(m.id_solicitare ?? ""),
        createdAt: parseAnafTimestamp(String(m.data_creare ?? "")),
        type: String(m.tip ?? ""),
        details: String(m.detalii ?? ""),
      }));
    },
  };
}

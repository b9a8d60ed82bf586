/**
 * The built-in ANAF simulator (development, tests and the quick start; used when no ANAF_CLIENT_ID
 * is set, allowed on the same terms as the payment simulator). It speaks ANAF's protocol over
 * HTTP on this site (app/routes/simulator.anaf.*): OAuth authorize/token, upload/uploadb2c,
 * stareMesaj, descarcare, listaMesajeFactura. Its state lives in DATA_DIR/anaf-simulator.
 *
 * Switches (page /simulator/anaf, admin only): "respinge" (every new upload is answered "nok"
 * with CIUS-RO errors), "lent" (stareMesaj answers "in prelucrare" for the first 3 polls),
 * "500" (every call answers HTTP 500), "respinge documentul cu numărul …" (one document, so
 * parallel tests do not disturb each other) and the actions "expiră tokenurile de acces" (every access
 * token issued so far is refused with 401: the site must refresh) and "revocă conexiunea"
 * (refresh tokens refused too: the site must connect again).
 */
import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { XMLParser } from "fast-xml-parser";
import { getConfig } from "~/config.server";
import { createZip } from "~/services/zip.server";

export interface SimulatorSwitches {
  reject: boolean;
  slow: boolean;
  fail500: boolean;
}

interface StoredUpload {
  index: string;
  downloadId: string;
  cif: string;
  b2c: boolean;
  standard: string;
  documentId: string;
  buyerCif: string;
  receivedAt: number;
  polls: number;
  slow: boolean;
  result: "ok" | "nok";
  errors: string[];
}

interface SimulatorState {
  switches: SimulatorSwitches;
  /** Access tokens issued before this instant are refused (401). */
  accessValidAfter: number;
  /** Refresh tokens issued before this instant are refused (invalid_grant). */
  refreshValidAfter: number;
  codes: Record<string, { redirectUri: string; expiresAt: number }>;
  access: Record<string, { issuedAt: number; expiresAt: number }>;
  refresh: Record<string, { issuedAt: number; expiresAt: number }>;
  uploads: StoredUpload[];
  nextIndex: number;
  /** Calls answered, per operation (figures for the tests and the README). */
  calls: Record<string, number>;
  /** Document numbers (cbc:ID, e.g. "ANA12") answered "nok" whatever the switches say. */
  rejectIds: string[];
}

export const SLOW_POLLS = 3;
const ACCESS_SECONDS = 90 * 86_400;
const REFRESH_SECONDS = 365 * 86_400;

/** Errors the simulator answers with the "respinge" switch on (ANAF's wording, CIUS-RO 1.0.9). */
export const SIMULATED_ERRORS = [
  "E: validari globale  eroare: [BR-CO-25]-In case the Amount due for payment (BT-115) is positive, either the Payment due date (BT-9) or the Payment terms (BT-20) shall be present.",
  "E: validari globale  eroare: [BR-RO-065]-Daca Codul categoriei de TVA (BT-151) este E, atunci trebuie sa existe Identificatorul de TVA al Vanzatorului (BT-31).",
];

export function anafSimulatorEnabled(): boolean {
  return getConfig().anaf.mode === "simulator";
}

const dir = () => path.join(getConfig().dataDir, "anaf-simulator");
const stateFile = () => path.join(dir(), "state.json");
const hash = (token: string) => createHash("sha256").update(token).digest("hex");

function emptyState(): SimulatorState {
  return {
    switches: { reject: false, slow: false, fail500: false },
    accessValidAfter: 0,
    refreshValidAfter: 0,
    codes: {},
    access: {},
    refresh: {},
    uploads: [],
    nextIndex: 1,
    calls: {},
    rejectIds: [],
  };
}

function readState(): SimulatorState {
  try {
    return { ...emptyState(), ...(JSON.parse(fs.readFileSync(stateFile(), "utf8")) as SimulatorState) };
  } catch {
    return emptyState();
  }
}

function writeState(state: SimulatorState): void {
  fs.mkdirSync(dir(), { recursive: true });
  const tmp = `${stateFile()}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, JSON.stringify(state));
  fs.renameSync(tmp, stateFile());
}

/** Read-modify-write in one synchronous step (no await between). */
function update<T>(fn: (state: SimulatorState) => T): T {
  const state = readState();
  const result = fn(state);
  writeState(state);
  return result;
}

export function simulatorSnapshot() {
  const state = readState();
  return { switches: state.switches, uploads: state.uploads.slice(-20).reverse(), calls: state.calls };
}

export function setSwitches(switches: SimulatorSwitches): void {
  update((state) => {
    state.switches = switches;
  });
}

/** Answer "nok" to the document with this number (cbc:ID, e.g. "ANA12") when it is uploaded. */
export function rejectDocument(documentId: string): void {
  update((state) => {
    if (!state.rejectIds.includes(documentId)) state.rejectIds.push(documentId);
  });
}

export function expireAccessTokens(now = Date.now()): void {
  update((state) => {
    state.accessValidAfter = now;
  });
}

export function revokeConnection(now = Date.now()): void {
  update((state) => {
    state.accessValidAfter = now;
    state.refreshValidAfter = now;
  });
}

/** Tests: forget everything (tokens, uploads, switches). */
export function resetSimulator(): void {
  writeState(emptyState());
}

export const failing500 = () => readState().switches.fail500;

function count(state: SimulatorState, op: string) {
  state.calls[op] = (state.calls[op] ?? 0) + 1;
}

// ─── OAuth ───────────────────────────────────────────────────────────────────────────────────

/** The "sign in with the certificate" step: a one-time code for the redirect URI. */
export function issueCode(redirectUri: string, now = Date.now()): string {
  const code = randomBytes(16).toString("hex");
  update((state) => {
    count(state, "authorize");
    state.codes[hash(code)] = { redirectUri, expiresAt: now + 5 * 60_000 };
  });
  return code;
}

export type TokenAnswer = { status: number; body: Record<string, unknown> };

export function tokenEndpoint(form: URLSearchParams, now = Date.now()): TokenAnswer {
  const { anaf } = getConfig();
  return update((state) => {
    count(state, "token");
    if (state.switches.fail500) return { status: 500, body: { error: "server_error" } };
    if (form.get("client_id") !== anaf.clientId || form.get("client_secret") !== anaf.clientSecret) {
      return { status: 401, body: { error: "invalid_client" } };
    }
    const grant = form.get("grant_type");
    if (grant === "authorization_code") {
      const key = hash(form.get("code") ?? "");
      const code = state.codes[key];
      delete state.codes[key];
      if (!code || code.expiresAt < now || code.redirectUri !== form.get("redirect_uri")) return { status: 400, body: { error: "invalid_grant" } };
    } else if (grant === "refresh_token") {
      const known = state.refresh[hash(form.get("refresh_token") ?? "")];
      if (!known || known.expiresAt < now || known.issuedAt < state.refreshValidAfter) return { status: 400, body: { error: "invalid_grant" } };
    } else {
      return { status: 400, body: { error: "unsupported_grant_type" } };
    }
    const access = randomBytes(24).toString("base64url");
    const refresh = randomBytes(24).toString("base64url");
    state.access[hash(access)] = { issuedAt: now, expiresAt: now + ACCESS_SECONDS * 1000 };
    state.refresh[hash(refresh)] = { issuedAt: now, expiresAt: now + REFRESH_SECONDS * 1000 };
    return { status: 200, body: { access_token: access, refresh_token: refresh, expires_in: ACCESS_SECONDS, token_type: "Bearer" } };
  });
}

// ─── API ─────────────────────────────────────────────────────────────────────────────────────

export type ApiAnswer = { status: number; contentType: string; body: string | Buffer };

const xmlAnswer = (body: string, status = 200): ApiAnswer => ({ status, contentType: "application/xml; charset=utf-8", body });
const jsonAnswer = (body: unknown): ApiAnswer => ({ status: 200, contentType: "application/json; charset=utf-8", body: JSON.stringify(body) });
const stamp = (ms: number) => {
  // ANAF's yyyyMMddHHmm in Bucharest time (taken as UTC+2 here).
  const d = new Date(ms + 2 * 3600_000).toISOString();
  return d.slice(0, 4) + d.slice(5, 7) + d.slice(8, 10) + d.slice(11, 13) + d.slice(14, 16);
};
const escapeAttr = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/"/g, "&quot;");

const xmlParser = new XMLParser({ ignoreAttributes: true, removeNSPrefix: true });

function readDocument(xml: string): { root: string; id: string; supplierCif: string; buyerCif: string } | null {
  try {
    const doc = xmlParser.parse(xml) as Record<string, Record<string, unknown>>;
    const root = "Invoice" in doc ? "Invoice" : "CreditNote" in doc ? "CreditNote" : null;
    if (!root) return null;
    const body = doc[root];
    const party = (p: unknown) => (p as { Party?: Record<string, unknown> } | undefined)?.Party ?? {};
    const idOf = (p: Record<string, unknown>) => {
      const tax = p.PartyTaxScheme as { CompanyID?: unknown } | undefined;
      const legal = p.PartyLegalEntity as { CompanyID?: unknown } | undefined;
      return String(tax?.CompanyID ?? legal?.CompanyID ?? "").replace(/^RO/i, "");
    };
    return {
      root,
      id: String(body.ID ?? ""),
      supplierCif: idOf(party(body.AccountingSupplierParty)),
      buyerCif: idOf(party(body.AccountingCustomerParty)),
    };
  } catch {
    return null;
  }
}

function authorised(state: SimulatorState, authorization: string | null, now: number): boolean {
  const token = /^Bearer (.+)$/.exec(authorization ?? "")?.[1];
  const known = token ? state.access[hash(token)] : undefined;
  return Boolean(known && known.expiresAt > now && known.issuedAt >= state.accessValidAfter);
}

const uploadError = (message: string) =>
  xmlAnswer(
    `<?xml version="1.0" encoding="UTF-8"?><header xmlns="mfp:anaf:dgti:spv:respUploadFisier:v1" dateResponse="${stamp(Date.now())}" ExecutionStatus="1"><Errors errorMessage="${escapeAttr(message)}"/></header>`,
  );

/** One API call: `op` is the path segment after /rest/. */
export function apiCall(op: string, params: URLSearchParams, authorization: string | null, body: string, now = Date.now()): ApiAnswer {
  return update((state): ApiAnswer => {
    count(state, op);
    if (state.switches.fail500) return { status: 500, contentType: "text/plain", body: "Internal Server Error" };
    if (!authorised(state, authorization, now)) return { status: 401, contentType: "application/json", body: JSON.stringify({ error: "invalid_token" }) };
    switch (op) {
      case "upload":
      case "uploadb2c":
        return upload(state, op === "uploadb2c", params, body, now);
      case "stareMesaj": {
        const found = state.uploads.find((u) => u.index === params.get("id_incarcare"));
        if (!found) return xmlAnswer(`<header xmlns="mfp:anaf:dgti:efactura:stareMesajFactura:v1"><Errors errorMessage="Nu exista factura cu id_incarcare= ${escapeAttr(params.get("id_incarcare") ?? "")}"/></header>`);
        found.polls++;
        if (found.slow && found.polls <= SLOW_POLLS) return xmlAnswer(`<header xmlns="mfp:anaf:dgti:efactura:stareMesajFactura:v1" stare="in prelucrare"/>`);
        return xmlAnswer(`<header xmlns="mfp:anaf:dgti:efactura:stareMesajFactura:v1" stare="${found.result}" id_descarcare="${found.downloadId}"/>`);
      }
      case "descarcare": {
        const found = state.uploads.find((u) => u.downloadId === params.get("id"));
        if (!found) return { status: 200, contentType: "application/json", body: JSON.stringify({ eroare: `Pentru id=${params.get("id")} nu exista inregistrata nici o factura` }) };
        return { status: 200, contentType: "application/zip", body: answerZip(found) };
      }
      case "listaMesajeFactura": {
        const days = Math.min(60, Math.max(1, Number(params.get("zile")) || 1));
        const cif = params.get("cif") ?? "";
        const mesaje = state.uploads
          .filter((u) => u.cif === cif && u.receivedAt >= now - days * 86_400_000 && (!u.slow || u.polls >= SLOW_POLLS || now - u.receivedAt > 60_000))
          .map((u) => ({
            data_creare: stamp(u.receivedAt),
            cif: u.cif,
            id_solicitare: u.index,
            detalii: `Factura cu id_incarcare=${u.index} emisa de cif_emitent=${u.cif} pentru cif_beneficiar=${u.buyerCif || "0000000000000"}`,
            tip: u.result === "ok" ? "FACTURA TRIMISA" : "ERORI FACTURA",
            id: u.downloadId,
          }));
        if (mesaje.length === 0) return jsonAnswer({ eroare: `Nu exista mesaje in ultimele ${days} zile`, titlu: "Lista Mesaje" });
        return jsonAnswer({ mesaje, serial: "SIMULATOR", cui: cif, titlu: `Lista Mesaje disponibile din ultimele ${days} zile` });
      }
      default:
        return { status: 404, contentType: "text/plain", body: "Not found" };
    }
  });
}

function upload(state: SimulatorState, b2c: boolean, params: URLSearchParams, xml: string, now: number): ApiAnswer {
  const standard = params.get("standard") ?? "";
  const cif = params.get("cif") ?? "";
  if (!["UBL", "CN", "CII", "RASP"].includes(standard)) return uploadError(`Valorile acceptate pentru parametrul standard sunt UBL, CN, CII sau RASP`);
  if (!/^\d{2,10}$/.test(cif)) return uploadError(`CIF introdus= ${cif} nu este un numar`);
  const doc = readDocument(xml);
  if (!doc) return uploadError("Fisierul transmis nu este valid. org.xml.sax.SAXParseException: Content is not allowed in prolog.");
  if ((standard === "CN") !== (doc.root === "CreditNote")) return uploadError(`Documentul ${doc.root} nu corespunde standardului ${standard}.`);
  const errors: string[] = [];
  if (doc.supplierCif !== cif) errors.push(`E: Nu exista niciun CIF pentru care sa aveti drept in SPV, sau CIF-ul vanzatorului (${doc.supplierCif}) nu este ${cif}.`);
  if (state.switches.reject || state.rejectIds.includes(doc.id)) errors.push(...SIMULATED_ERRORS);
  const n = state.nextIndex++;
  const stored: StoredUpload = {
    index: String(5_000_000_000 + n),
    downloadId: String(3_000_000_000 + n),
    cif,
    b2c,
    standard,
    documentId: doc.id,
    buyerCif: doc.buyerCif,
    receivedAt: now,
    polls: 0,
    slow: state.switches.slow,
    result: errors.length ? "nok" : "ok",
    errors,
  };
  state.uploads.push(stored);
  fs.mkdirSync(path.join(dir(), "xml"), { recursive: true });
  fs.writeFileSync(path.join(dir(), "xml", `${stored.index}.xml`), xml);
  return xmlAnswer(
    `<?xml version="1.0" encoding="UTF-8"?><header xmlns="mfp:anaf:dgti:spv:respUploadFisier:v1" dateResponse="${stamp(now)}" ExecutionStatus="0" index_incarcare="${stored.index}"/>`,
  );
}

/** ANAF's answer: the XML (or the errors) and a signature file, as a ZIP. */
function answerZip(u: StoredUpload): Buffer {
  const xmlFile = path.join(dir(), "xml", `${u.index}.xml`);
  const content =
    u.result === "ok"
      ? fs.readFileSync(xmlFile, "utf8")
      : `<?xml version="1.0" encoding="UTF-8"?><header xmlns="mfp:anaf:dgti:efactura:raspunsValidareFisier:v1" dateResponse="${stamp(u.receivedAt)}" ExecutionStatus="1" Index_incarcare="${u.index}">${u.errors
          .map((e) => `<Error errorMessage="${escapeAttr(e)}"/>`)
          .join("")}</header>`;
  const digest = createHash("sha256").update(content).digest("base64");
  const signature = `<?xml version="1.0" encoding="UTF-8"?><Signature xmlns="http://www.w3.org/2000/09/xmldsig#"><SignedInfo><Reference URI="${u.index}.xml"><DigestMethod Algorithm="http://www.w3.org/2001/04/xmlenc#sha256"/><DigestValue>${digest}</DigestValue></Reference></SignedInfo><SignatureValue>SIMULATOR-ANAF-NU-ESTE-O-SEMNATURA-REALA</SignatureValue></Signature>`;
  return createZip(
    [
      { name: `${u.index}.xml`, data: content },
      { name: `semnatura_${u.index}.xml`, data: signature },
    ],
    new Date(u.receivedAt),
  );
}

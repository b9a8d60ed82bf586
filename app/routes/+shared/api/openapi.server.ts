/**
 * The OpenAPI 3.1 document of the JSON API, generated from the zod schemas the handlers parse
 * with and answer in (`z.toJSONSchema`, JSON Schema 2020-12 = OpenAPI 3.1's dialect). The table
 * below lists every call of SPEC §7; nothing about a shape is written here by hand.
 */
import { z } from "zod";
import * as s from "~/lib/api/schemas";

type Auth = "none" | "user" | "admin";
export interface Operation {
  method: "get" | "post" | "put" | "patch" | "delete";
  path: string;
  summary: string;
  auth: Auth;
  body?: z.ZodType;
  responses: Record<number, { description: string; schema?: z.ZodType }>;
}

const ok = (schema: z.ZodType, description = "OK") => ({ description, schema });
const err = (description: string) => ({ description, schema: s.errorSchema });
const msgWith = (extra: z.ZodRawShape) => s.msgSchema.extend(extra);

const userMsg = msgWith({ user: s.userSchema });
const orderMsg = msgWith({ order: s.orderSchema });

export const OPERATIONS: Operation[] = [
  // Session and account
  { method: "get", path: "/access/verify", summary: "Utilizatorul sesiunii", auth: "user", responses: { 200: ok(s.userSchema) } },
  { method: "get", path: "/cart/item-count", summary: "Numărul de produse din coș", auth: "user", responses: { 200: ok(z.object({ itemCount: z.number().int() })) } },
  { method: "post", path: "/access/logout", summary: "Deconectare", auth: "none", responses: { 200: ok(s.msgSchema), 503: err("Eroare la deconectare") } },
  { method: "get", path: "/users/me", summary: "Profilul", auth: "user", responses: { 200: ok(s.userSchema) } },
  { method: "put", path: "/users/me", summary: "Actualizează profilul", auth: "user", body: s.profileBody, responses: { 200: ok(userMsg), 400: err("Date invalide"), 409: err("Email deja folosită") } },
  { method: "post", path: "/access/login", summary: "Autentificare (setează cookie-ul de sesiune)", auth: "none", body: s.loginBody, responses: { 200: ok(userMsg), 400: err("Date invalide"), 401: err("Email sau parolă incorectă"), 409: err("Deja autentificat"), 429: err("Prea multe încercări") } },
  { method: "post", path: "/access/register", summary: "Înregistrare", auth: "none", body: s.registerBody, responses: { 201: ok(userMsg, "Utilizator creat cu succes"), 400: err("Date invalide"), 409: err("Email deja folosită"), 429: err("Prea multe încercări") } },
  { method: "post", path: "/access/reset-password", summary: "Cere resetarea parolei", auth: "none", body: s.resetRequestBody, responses: { 200: ok(s.msgSchema), 400: err("Email invalid"), 429: err("Prea multe încercări") } },
  { method: "post", path: "/access/reset/{token}", summary: "Parolă nouă", auth: "none", body: s.resetBody, responses: { 200: ok(s.msgSchema), 400: err("Parolă invalidă"), 410: err("Link expirat sau folosit") } },
  // Courses and enrolments
  { method: "get", path: "/cursuri", summary: "Cursurile fizice", auth: "none", responses: { 200: ok(s.courseListSchema) } },
  { method: "get", path: "/cursuri/{id}", summary: "Un curs fizic", auth: "none", responses: { 200: ok(s.courseSchema), 404: err("Cursul nu a putut fi incarcat cu succes.") } },
  { method: "get", path: "/cursuri-online", summary: "Cursurile online", auth: "none", responses: { 200: ok(s.courseListSchema) } },
  { method: "get", path: "/cursuri-online/{id}", summary: "Un curs online (și sub data)", auth: "none", responses: { 200: ok(s.onlineCourseSchema), 404: err("Eroare la incarcarea cursului online.") } },
  { method: "get", path: "/produse", summary: "Produsele", auth: "none", responses: { 200: ok(z.array(s.productSchema)) } },
  { method: "get", path: "/produse/{id}", summary: "Un produs", auth: "none", responses: { 200: ok(s.productSchema), 404: err("Produsul nu există.") } },
  { method: "get", path: "/enroll", summary: "Înscrierile mele", auth: "user", responses: { 200: ok(z.array(s.enrollmentSchema)) } },
  { method: "get", path: "/enroll/{id}", summary: "Înscrierea mea la un curs (id = cursul)", auth: "user", responses: { 200: ok(s.enrollmentSchema), 404: err("Nu ești înscris(ă)") } },
  { method: "patch", path: "/enroll/{id}/chapter-progress", summary: "Capitol finalizat (id = înscrierea)", auth: "user", body: s.chapterProgressBody, responses: { 200: ok(s.enrollmentSchema), 400: err("Date invalide"), 403: err("Capitol blocat sau fără acces"), 404: err("Înscrierea nu există"), 409: err("Lecția nu a fost vizionată integral") } },
  { method: "get", path: "/online-lessons/{id}/lessons", summary: "Lecțiile unui curs online (id = cursul)", auth: "user", responses: { 200: ok(s.lessonsResponseSchema), 403: err("Fără acces"), 404: err("Fără înscriere") } },
  // Media
  { method: "post", path: "/upload/load-url", summary: "Adresa unei imagini din catalog", auth: "none", body: s.loadUrlBody, responses: { 200: ok(z.object({ url: z.string().nullable() })), 400: err("Cheie invalidă"), 403: err("Fișier de lecție") } },
  { method: "post", path: "/admin/upload/load-url", summary: "Adresa semnată a oricărui fișier", auth: "admin", body: s.loadUrlBody, responses: { 200: ok(z.object({ url: z.string() })), 400: err("Cheie invalidă") } },
  {
    method: "post",
    path: "/admin/upload/upload-url",
    summary: "Adresă semnată pentru încărcare (PUT)",
    auth: "admin",
    body: z.object({ key: z.string().optional(), folder: z.string().optional(), fileName: z.string().optional(), contentType: z.string(), size: z.number().int().optional() }),
    responses: { 200: ok(z.object({ url: z.string(), key: z.string(), method: z.string() }).loose()), 400: { description: "Cerere invalidă ({error})" } },
  },
  // Cart and checkout
  { method: "get", path: "/cart", summary: "Coșul", auth: "user", responses: { 200: ok(s.cartSchema) } },
  { method: "post", path: "/cart", summary: "Adaugă în coș (prețul trimis e verificat, nu folosit)", auth: "user", body: s.addToCartBody, responses: { 201: ok(s.msgSchema, "Adăugat"), 200: ok(s.msgSchema, "Actualizat"), 400: err("Opțiune invalidă"), 404: err("Curs indisponibil"), 409: err("Preț diferit sau deja înscris") } },
  { method: "delete", path: "/cart/{id}", summary: "Elimină o linie", auth: "user", responses: { 200: ok(s.msgSchema), 404: err("A apărut o eroare la eliminarea cursului.") } },
  { method: "get", path: "/cart/delivery", summary: "Metodele de livrare și alegerea salvată (coș cu produse)", auth: "user", responses: { 200: ok(s.cartDeliverySchema) } },
  { method: "put", path: "/cart/delivery", summary: "Salvează metoda de livrare și adresa (taxa o calculează serverul)", auth: "user", body: s.deliveryBody, responses: { 200: ok(msgWith({ delivery: s.cartDeliverySchema })), 400: err("Metodă indisponibilă sau adresă incompletă") } },
  { method: "delete", path: "/cart/clear", summary: "Golește coșul", auth: "user", responses: { 200: ok(msgWith({ items: z.array(z.never()) })) } },
  { method: "post", path: "/enroll", summary: "Pasul 1 al transferului bancar: verifică un curs din coș (nu scrie nimic)", auth: "user", body: s.enrollBody, responses: { 200: ok(msgWith({ item: s.cartItemSchema.optional(), enrollment: s.enrollmentSchema.optional() })), 404: err("Nu este în coș"), 409: err("Preț diferit") } },
  { method: "post", path: "/purchase/send", summary: "Comanda (transfer bancar sau gratuit), o singură tranzacție; echivalentul butonului „Comandă cu obligație de plată” (GET /cart dă textul în orderButtonLabel)", auth: "user", body: s.checkoutBody, responses: { 201: ok(orderMsg, "Comandă creată"), 200: ok(orderMsg, "Aceeași comandă (reluare)"), 400: err("Adresă, acorduri sau coș gol"), 409: err("Coș schimbat sau preț diferit") } },
  { method: "post", path: "/checkout", summary: "Plata cu cardul: formularul Netopia", auth: "user", body: s.checkoutBody, responses: { 201: ok(s.checkoutResponseSchema, "Formular de plată"), 200: ok(z.union([s.checkoutResponseSchema, orderMsg]), "Reluare, sau comandă fără card"), 400: err("Adresă, acorduri, coș gol sau card indisponibil"), 409: err("Coș schimbat sau preț diferit") } },
  // Legal pages
  { method: "get", path: "/terms/{page}", summary: "O pagină legală", auth: "none", responses: { 200: ok(s.termsPageSchema), 404: err("Pagină inexistentă") } },
  { method: "post", path: "/terms", summary: "Creează o pagină legală", auth: "admin", body: s.termsBody, responses: { 201: ok(s.termsPageSchema), 404: err("Pagină inexistentă"), 409: err("Există deja") } },
  { method: "put", path: "/terms/{page}", summary: "Actualizează o pagină legală", auth: "admin", body: s.termsBody, responses: { 200: ok(s.termsPageSchema), 404: err("Pagină inexistentă") } },
  // Admin
  { method: "get", path: "/admin/verify", summary: "Verificare admin", auth: "admin", responses: { 200: ok(s.msgSchema) } },
  { method: "get", path: "/admin/online-courses", summary: "Cursurile online (toate)", auth: "admin", responses: { 200: ok(z.array(s.adminCourseCardSchema)) } },
  { method: "get", path: "/admin/courses", summary: "Cursurile fizice (toate)", auth: "admin", responses: { 200: ok(z.array(s.adminCourseCardSchema)) } },
  { method: "get", path: "/admin/produse", summary: "Produsele (toate)", auth: "admin", responses: { 200: ok(z.object({ data: z.array(z.object({ id: z.number().int(), title: z.string() }).loose()) })) } },
  { method: "delete", path: "/admin/online-courses/{id}", summary: "Șterge (sau ascunde) un curs online", auth: "admin", responses: { 200: ok(msgWith({ outcome: z.enum(["deleted", "hidden"]) })), 404: err("Cursul nu există.") } },
  { method: "delete", path: "/admin/courses/{id}", summary: "Șterge (sau ascunde) un curs fizic", auth: "admin", responses: { 200: ok(msgWith({ outcome: z.enum(["deleted", "hidden"]) })), 404: err("Cursul nu există.") } },
  { method: "post", path: "/admin/online-courses", summary: "Creează un curs online", auth: "admin", body: s.adminCourseBody, responses: { 201: ok(msgWith({ _id: z.number().int() }), "Curs creat cu succes"), 400: err("Date invalide") } },
  { method: "post", path: "/admin/courses", summary: "Creează un curs fizic", auth: "admin", body: s.adminCourseBody, responses: { 201: ok(msgWith({ _id: z.number().int() }), "Curs creat cu succes"), 400: err("Date invalide") } },
  { method: "put", path: "/admin/online-courses/{id}", summary: "Actualizează un curs online", auth: "admin", body: s.adminCourseBody, responses: { 200: ok(msgWith({ _id: z.number().int() }), "Curs actualizat cu succes"), 400: err("Date invalide"), 404: err("Cursul nu există.") } },
  { method: "put", path: "/admin/courses/{id}", summary: "Actualizează un curs fizic", auth: "admin", body: s.adminCourseBody, responses: { 200: ok(msgWith({ _id: z.number().int() }), "Curs actualizat cu succes"), 400: err("Date invalide"), 404: err("Cursul nu există.") } },
  { method: "get", path: "/admin/online-lessons/{courseId}", summary: "Lecțiile unui curs online (admin)", auth: "admin", responses: { 200: ok(z.object({ data: z.array(s.adminLessonSchema) })), 404: err("Cursul nu există.") } },
  { method: "get", path: "/openapi.json", summary: "Acest document", auth: "none", responses: { 200: { description: "OpenAPI 3.1" } } },
];

const schemaOf = (schema: z.ZodType, io: "input" | "output") =>
  z.toJSONSchema(schema, { target: "draft-2020-12", io, unrepresentable: "any", reused: "inline" }) as Record<string, unknown>;

/** Inline JSON Schema without the `$schema` key (OpenAPI 3.1 uses its own dialect default). */
function jsonSchema(schema: z.ZodType, io: "input" | "output"): Record<string, unknown> {
  const { $schema: _ignored, ...rest } = schemaOf(schema, io);
  return rest;
}

let cached: Record<string, unknown> | undefined;

export function openApiDocument(serverUrl = "/api"): Record<string, unknown> {
  if (cached && serverUrl === "/api") return cached;
  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of OPERATIONS) {
    const params = [...op.path.matchAll(/\{(\w+)\}/g)].map((m) => ({ name: m[1], in: "path", required: true, schema: { type: "string" } }));
    const responses: Record<string, unknown> = {};
    for (const [status, response] of Object.entries(op.responses)) {
      responses[status] = response.schema
        ? { description: response.description, content: { "application/json": { schema: jsonSchema(response.schema, "output") } } }
        : { description: response.description };
    }
    if (op.auth !== "none") responses["401"] = { description: "Autentificare necesară", content: { "application/json": { schema: jsonSchema(s.errorSchema, "output") } } };
    if (op.auth === "admin") responses["403"] = { description: "Acces interzis", content: { "application/json": { schema: jsonSchema(s.errorSchema, "output") } } };
    if (op.method !== "get") responses["415"] ??= { description: "Corpul nu este application/json" };
    (paths[op.path] ??= {})[op.method] = {
      summary: op.summary,
      operationId: `${op.method}${op.path.replace(/[{}]/g, "").replace(/[/.-](\w)/g, (_, c: string) => c.toUpperCase())}`,
      ...(params.length ? { parameters: params } : {}),
      ...(op.auth !== "none" ? { security: [{ session: [] }] } : {}),
      ...(op.body ? { requestBody: { required: true, content: { "application/json": { schema: jsonSchema(op.body, "input") } } } } : {}),
      responses,
    };
  }
  const document = {
    openapi: "3.1.0",
    info: {
      title: "Ana Nails Academy – JSON API",
      version: "1.0.0",
      description:
        "Apelurile din SPEC §7. Sesiune: cookie-ul `__session` primit la POST /access/login. Modificările acceptă doar application/json de pe site (Origin). Erorile: {msg}. Prețuri: oriunde apare un preț tăiat (`price2`), `lowestPrice30Days` dă cel mai mic preț din ultimele 30 de zile (regulile Omnibus), calculat din istoricul prețurilor.",
    },
    servers: [{ url: serverUrl }],
    components: { securitySchemes: { session: { type: "apiKey", in: "cookie", name: "__session" } } },
    paths,
  };
  if (serverUrl === "/api") cached = document;
  return document;
}

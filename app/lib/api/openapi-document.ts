/**
 * The JSON API's contract, written by hand: every call a client of the original site makes
 * (session and account, catalogue and enrolments, media, cart and checkout, legal pages, admin),
 * with its exact request and answer — wrapper keys (`{user}`, `{cart: {items}}`,
 * `{enrollments}`, `{enrollment}`, `{data}`…), field names and types of the original entities,
 * status codes and the error body `{msg, error}`. It is the reference the server is tested
 * against (tests/integration/api-contract.test.ts), not a description generated from our code.
 *
 * Fields we give beyond the original ones (`imgUrl`, `cartVersion`, totals, `lowestPrice30Days`,
 * delivery…) sit beside the original fields, never instead of them; objects stay open
 * (`additionalProperties` is not restricted) so such additions do not break a client.
 */

type Schema = Record<string, unknown>;

const ref = (name: string): Schema => ({ $ref: `#/components/schemas/${name}` });
const str = (description?: string): Schema => (description ? { type: "string", description } : { type: "string" });
const int: Schema = { type: "integer" };
const bool: Schema = { type: "boolean" };
const nullable = (schema: Schema): Schema => ({ anyOf: [schema, { type: "null" }] });
const arrayOf = (items: Schema): Schema => ({ type: "array", items });
const object = (properties: Record<string, Schema>, required: string[] = Object.keys(properties), description?: string): Schema => ({
  type: "object",
  ...(description ? { description } : {}),
  properties,
  required,
});
const days: Schema = { anyOf: [int, { type: "string", const: "nelimitat" }], description: "Perioada în zile, sau „nelimitat”" };

const json = (schema: Schema, description: string) => ({ description, content: { "application/json": { schema } } });
const error = (description: string) => json(ref("Error"), description);
const body = (schema: Schema) => ({ required: true, content: { "application/json": { schema } } });

const guest = error("Autentificare necesară (fără sesiune)");
const notAdmin = error("Acces interzis (nu este administrator)");
const notJson = error("Corpul cererii nu este application/json");
const crossSite = error("Cerere de pe alt site (Origin)");

interface Call {
  summary: string;
  auth: "none" | "user" | "admin";
  request?: Schema;
  responses: Record<string, unknown>;
  description?: string;
}

const schemas: Record<string, Schema> = {
  Error: object(
    {
      msg: str("Mesajul, în limba română"),
      error: str("Același mesaj (unele ecrane îl citesc de aici)"),
      errors: { type: "object", additionalProperties: arrayOf(str()), description: "Erorile pe câmpuri" },
    },
    ["msg", "error"],
    "Orice eșec: {msg, error} cu același text",
  ),
  Msg: object({ msg: str() }),
  User: object(
    {
      _id: str(),
      email: str(),
      nume: str(),
      telefon: str(),
      adresa: str("Adresa de facturare"),
      status: { type: "string", enum: ["user", "admin"], description: "admin = rolul de administrator" },
      marketing: { ...bool, description: "Acordul pentru noutăți pe e-mail, dat la înregistrare" },
    },
    ["_id", "email", "nume", "telefon", "adresa", "status", "marketing"],
  ),
  UserAnswer: object({ user: ref("User"), msg: str() }, ["user"]),
  PriceEntry: object(
    {
      _id: int,
      days,
      value: str("Preț în format românesc (1.000,00) sau „Gratis”"),
      accreditation: bool,
      advancePayment: bool,
    },
    ["days", "value", "accreditation", "advancePayment"],
  ),
  Day: object({ id: int, title: str(), lista: arrayOf(str()) }),
  Element: object({ id: int, title: str(), details: arrayOf(str()), days: arrayOf(ref("Day")) }, ["id", "title", "details"]),
  PhysicalElement: {
    allOf: [ref("Element"), { required: ["days"] }],
    description: "Capitol al unui curs fizic: are și `days` (programul zilelor, pe primul capitol)",
  },
  LessonMeta: object({ chapterId: int, lessonId: int, lessonTitle: str() }),
  Course: object(
    {
      _id: int,
      title: str(),
      secondTitle: str(),
      thirdTitle: str("Descriere"),
      category: str(),
      img: nullable(str("Cheia imaginii în stocare")),
      imgUrl: nullable(str("Adresa imaginii")),
      price2: nullable(str("Preț tăiat")),
      lowestPrice30Days: nullable(str("Cel mai mic preț din ultimele 30 de zile, când există un preț tăiat")),
      prices: arrayOf(ref("PriceEntry")),
      duration: { anyOf: [int, { type: "string", const: "nelimitat" }, { type: "null" }], description: "Zile; „nelimitat” la cursurile online" },
      elements: arrayOf(ref("Element")),
      isPublished: bool,
      isPurchased: bool,
      certificateUrl: nullable(str()),
      lessonsMetadata: arrayOf(ref("LessonMeta")),
    },
    ["_id", "title", "secondTitle", "thirdTitle", "category", "img", "imgUrl", "price2", "prices", "duration", "elements", "isPublished", "isPurchased", "certificateUrl", "lessonsMetadata"],
  ),
  PhysicalCourse: { allOf: [ref("Course"), object({ elements: arrayOf(ref("PhysicalElement")) })] },
  OnlineCourse: { allOf: [ref("Course"), object({ duration: { type: "string", const: "nelimitat" } })] },
  OnlineCourseAnswer: {
    allOf: [ref("OnlineCourse"), object({ data: ref("OnlineCourse") })],
    description: "Cursul, și același curs sub `data`",
  },
  AdminCourse: { allOf: [ref("Course"), object({ enrollments: { ...int, description: "Câte înscrieri are" } })] },
  Product: object(
    { _id: int, id: int, title: str(), subtitle: str(), img: nullable(str()), imgUrl: nullable(str()), price: str(), price2: nullable(str()), lowestPrice30Days: nullable(str()) },
    ["_id", "id", "title", "subtitle", "img", "price", "price2"],
  ),
  Enrollment: object(
    {
      _id: str(),
      course: { anyOf: [int, object({ _id: int, title: str() })], description: "Cursul (id sau obiect)" },
      courseType: { type: "string", enum: ["physical", "online"] },
      paymentStatus: str("pending, confirmed; orice altceva înseamnă eșuat"),
      progress: { type: "integer", minimum: 0, maximum: 100 },
      chaptersProgress: arrayOf(object({ chapterId: int, completed: bool })),
      enrollmentDate: str("Data înscrierii (ISO 8601)"),
    },
    ["_id", "course", "courseType", "paymentStatus", "progress", "chaptersProgress", "enrollmentDate"],
  ),
  SelectedPrice: object({ value: str(), days: nullable(days), accreditation: bool, advancePayment: bool }),
  CartItem: object(
    {
      _id: str(),
      category: { type: "string", enum: ["physical", "online", "product"] },
      itemRef: object({ _id: int, title: str(), img: nullable(str()), imgUrl: nullable(str()) }, ["_id", "title", "img", "imgUrl"]),
      selectedPrice: ref("SelectedPrice"),
    },
    ["_id", "category", "itemRef", "selectedPrice"],
  ),
  Cart: object(
    {
      items: arrayOf(ref("CartItem")),
      totalPrice: str("De plată acum (RON)"),
      fullPrice: str("Valoarea întreagă (RON)"),
      shippingPrice: str("Livrarea inclusă în total (RON)"),
      orderButtonLabel: str("Textul butonului de comandă"),
      earlyStartRequired: { ...bool, description: "Un curs fizic începe în mai puțin de 14 zile: comanda cere earlyStart: true" },
      cartVersion: str("Trimis la /purchase/send și /checkout: o comandă repetată nu se dublează"),
    },
    ["items"],
  ),
  Terms: object({ page: str(), terms: arrayOf(object({ title: str(), description: str() })) }),
  Order: object({ _id: str(), reference: str(), status: str(), paymentMethod: { type: "string", enum: ["bank_transfer", "card", "free"] }, totalPrice: str() }),
  OrderAnswer: object({ msg: str(), order: ref("Order") }),
  CheckoutAnswer: object(
    { formUrl: str(), env_key: str(), data: str(), fields: { type: "object", additionalProperties: str() }, order: ref("Order") },
    ["formUrl", "env_key", "data"],
  ),
  Lesson: object(
    {
      _id: int,
      chapterId: int,
      lessonId: int,
      lessonTitle: str(),
      videoUrl: nullable(str()),
      pdfUrl: nullable(str()),
      explanation: str(),
      isPublished: bool,
      completed: bool,
      unlocked: bool,
    },
    ["_id", "chapterId", "lessonId", "lessonTitle", "videoUrl", "pdfUrl", "explanation", "isPublished"],
  ),
  LessonsAnswer: object({ lessons: arrayOf(ref("Lesson")), course: object({ _id: int, title: str() }), enrollment: ref("Enrollment") }, ["lessons", "course"]),
  AdminLesson: object(
    {
      _id: nullable(int),
      chapterId: int,
      lessonId: int,
      lessonTitle: str(),
      explanation: str(),
      isPublished: bool,
      videoUrlKey: nullable(str()),
      pdfUrlKey: nullable(str()),
      videoUrl: nullable(str("Cheia videoclipului (ca videoUrlKey)")),
      pdfUrl: nullable(str("Cheia PDF-ului (ca pdfUrlKey)")),
    },
    ["_id", "chapterId", "lessonId", "lessonTitle", "explanation", "isPublished", "videoUrlKey", "pdfUrlKey"],
  ),
  Delivery: object(
    {
      needed: bool,
      methods: arrayOf(object({ _id: int, name: str(), kind: { type: "string", enum: ["pickup", "courier", "locker"] }, price: str(), priceForThisCart: str() }, ["_id", "name", "kind", "price", "priceForThisCart"])),
      selected: nullable({ type: "object" }),
      pickupAddress: str(),
      shippingPrice: str(),
    },
  ),
  // Request bodies
  LoginBody: object({ email: str(), password: str() }),
  RegisterBody: object({ nume: str(), email: str(), password: str(), marketing: bool }, ["nume", "email", "password"]),
  ProfileBody: object({ email: str(), nume: str(), telefon: str(), adresa: str() }, [], "Doar câmpurile trimise se schimbă (de ex. doar `adresa` la facturare)"),
  ResetRequestBody: object({ email: str() }),
  ResetBody: object({ newPassword: str(), confirmPassword: str() }),
  SelectedPriceBody: object({ value: str(), days: nullable({ anyOf: [int, str()] }), accreditation: bool, advancePayment: bool }, ["value"]),
  AddToCartBody: object(
    { courseId: int, category: { type: "string", enum: ["physical", "online", "product"] }, selectedPrice: ref("SelectedPriceBody") },
    ["courseId", "category"],
  ),
  EnrollBody: object(
    {
      courseId: int,
      courseType: { type: "string", enum: ["physical", "online"] },
      selectedPrice: ref("SelectedPriceBody"),
      selectedDays: nullable({ anyOf: [int, str()] }),
      advanceSelected: bool,
      accreditation: bool,
    },
    ["courseId", "courseType", "selectedPrice"],
  ),
  CheckoutBody: object(
    {
      data: arrayOf({ type: "object", description: "Liniile coșului (ca în GET /cart)" }),
      totalPrice: { anyOf: [str(), { type: "number" }] },
      address: str("Adresa de facturare"),
      paymentMethod: { type: "string", enum: ["bank_transfer", "card"] },
      acceptTerms: { ...bool, description: "Termenii și condițiile acceptați (obligatoriu)" },
      digitalConsent: { ...bool, description: "Acordul pentru conținut digital (obligatoriu cu un curs online)" },
      withdrawalWaiver: { ...bool, description: "Renunțarea la dreptul de retragere (obligatoriu cu un curs online)" },
      earlyStart: bool,
      cartVersion: str(),
    },
    ["paymentMethod", "acceptTerms"],
  ),
  ChapterProgressBody: object({ chapterId: int, completed: bool, totalChapters: int }, ["chapterId"]),
  KeyBody: object({ key: str("Cheia fișierului în stocare") }),
  UploadUrlBody: object({ key: str("folder/timestamp_nume, folder: courses, videos, pdfs"), contentType: str(), size: int, folder: str(), fileName: str() }, ["contentType"]),
  UploadUrlAnswer: object({ url: str("Adresa la care se trimite fișierul cu PUT"), key: str("Cheia sub care se salvează fișierul"), method: str(), maxBytes: int }, ["url", "key"]),
  TermsBody: object({ page: str(), terms: arrayOf(object({ title: str(), description: str() })) }, ["terms"]),
  AdminCourseBody: object(
    {
      title: str(),
      secondTitle: str(),
      thirdTitle: str(),
      category: str(),
      prices: arrayOf(ref("SelectedPriceBody")),
      duration: { anyOf: [int, str(), { type: "null" }] },
      elements: arrayOf(object({ id: int, title: str(), details: arrayOf(str()), days: arrayOf(ref("Day")) }, ["id"])),
      isPublished: { anyOf: [bool, { type: "string", enum: ["true", "false"] }] },
      img: nullable(str()),
      lessonsMetadata: arrayOf(
        object(
          {
            chapterId: int,
            lessonId: int,
            lessonTitle: str(),
            explanation: str(),
            isPublished: { anyOf: [bool, { type: "string", enum: ["true", "false"] }] },
            videoUrlKey: nullable(str()),
            pdfUrlKey: nullable(str()),
          },
          ["chapterId", "lessonId", "lessonTitle"],
        ),
      ),
    },
    ["title"],
  ),
};

const calls: Record<string, Record<string, Call>> = {
  // ─── Session and account ───────────────────────────────────────────────────────────────────
  "/access/verify": {
    get: { summary: "Utilizatorul sesiunii", auth: "user", responses: { 200: json(ref("UserAnswer"), "{user}") } },
  },
  "/cart/item-count": {
    get: { summary: "Câte linii are coșul", auth: "user", responses: { 200: json(object({ itemCount: int }), "{itemCount}") } },
  },
  "/access/logout": {
    post: { summary: "Deconectare (sesiunea se închide)", auth: "none", responses: { 200: json(ref("Msg"), "{msg}"), 503: error("Eroare la deconectare") } },
  },
  "/users/me": {
    get: { summary: "Profilul (și adresa de facturare)", auth: "user", responses: { 200: json(ref("UserAnswer"), "{user}") } },
    put: {
      summary: "Schimbă profilul; se schimbă doar câmpurile trimise",
      auth: "user",
      request: ref("ProfileBody"),
      responses: { 200: json(ref("UserAnswer"), "{user, msg}"), 400: error("Un câmp trimis nu este valid"), 409: error("Email deja folosită") },
    },
  },
  "/access/login": {
    post: {
      summary: "Autentificare: cookie-ul de sesiune; o sesiune existentă se închide",
      auth: "none",
      request: ref("LoginBody"),
      responses: { 200: json(ref("UserAnswer"), "{msg, user}"), 400: error("Date invalide"), 401: error("Email sau parolă incorectă"), 429: error("Prea multe încercări") },
    },
  },
  "/access/register": {
    post: {
      summary: "Înregistrare (și autentificare)",
      auth: "none",
      request: ref("RegisterBody"),
      responses: {
        201: json(ref("UserAnswer"), "{msg: 'Utilizator creat cu succes', user}"),
        400: error("Date invalide"),
        409: error("Email deja folosită"),
        429: error("Prea multe încercări"),
      },
    },
  },
  "/access/reset-password": {
    post: {
      summary: "Cere un link de resetare a parolei",
      auth: "none",
      request: ref("ResetRequestBody"),
      responses: { 200: json(ref("Msg"), "{msg}"), 400: error("Email invalid"), 429: error("Prea multe încercări"), 503: error("Eroare la resetarea parolei") },
    },
  },
  "/access/reset/{token}": {
    post: {
      summary: "Parola nouă",
      auth: "none",
      request: ref("ResetBody"),
      responses: { 200: json(ref("Msg"), "{msg}"), 400: error("Parolă invalidă sau parolele nu corespund"), 410: error("Link expirat, folosit sau necunoscut") },
    },
  },
  // ─── Courses and enrolments ──────────────────────────────────────────────────────────────
  "/cursuri": { get: { summary: "Cursurile fizice publicate", auth: "none", responses: { 200: json(arrayOf(ref("PhysicalCourse")), "Lista cursurilor") } } },
  "/cursuri/{id}": {
    get: { summary: "Un curs fizic", auth: "none", responses: { 200: json(ref("PhysicalCourse"), "Cursul"), 404: error("Cursul nu a putut fi incarcat cu succes.") } },
  },
  "/cursuri-online": { get: { summary: "Cursurile online publicate", auth: "none", responses: { 200: json(arrayOf(ref("OnlineCourse")), "Lista cursurilor") } } },
  "/cursuri-online/{id}": {
    get: { summary: "Un curs online (și sub data)", auth: "none", responses: { 200: json(ref("OnlineCourseAnswer"), "Cursul"), 404: error("Eroare la incarcarea cursului online.") } },
  },
  "/produse": { get: { summary: "Produsele publicate", auth: "none", responses: { 200: json(arrayOf(ref("Product")), "Lista produselor") } } },
  "/produse/{id}": { get: { summary: "Un produs", auth: "none", responses: { 200: json(ref("Product"), "Produsul"), 404: error("Produsul nu există.") } } },
  "/enroll": {
    get: { summary: "Înscrierile mele", auth: "user", responses: { 200: json(object({ enrollments: arrayOf(ref("Enrollment")) }), "{enrollments}") } },
    post: {
      summary: "Transfer bancar, pasul 1 (o dată pe curs): verifică linia din coș; înscrierea se face la /purchase/send",
      auth: "user",
      request: ref("EnrollBody"),
      responses: {
        200: json(object({ msg: str(), item: ref("CartItem"), enrollment: ref("Enrollment") }, ["msg"]), "{msg, item} sau {msg, enrollment}"),
        400: error("Date invalide"),
        404: error("Cursul nu este în coș"),
        409: error("Preț diferit"),
      },
    },
  },
  "/enroll/{id}": {
    get: {
      summary: "Înscrierea mea la un curs (id = cursul)",
      auth: "user",
      responses: { 200: json(object({ enrollment: ref("Enrollment") }), "{enrollment}"), 404: error("Nu ești înscris(ă) la acest curs.") },
    },
  },
  "/enroll/{id}/chapter-progress": {
    patch: {
      summary: "Capitol finalizat (id = înscrierea)",
      auth: "user",
      request: ref("ChapterProgressBody"),
      responses: {
        200: json(object({ enrollment: ref("Enrollment") }), "{enrollment}"),
        400: error("Date invalide"),
        403: error("Capitol blocat sau fără acces"),
        404: error("Înscrierea nu există"),
        409: error("Lecția nu a fost vizionată integral"),
      },
    },
  },
  "/online-lessons/{id}/lessons": {
    get: {
      summary: "Lecțiile unui curs online și cursul (id = cursul)",
      auth: "user",
      responses: { 200: json(ref("LessonsAnswer"), "{lessons, course}"), 403: error("Fără acces (plată în așteptare, expirat)"), 404: error("Fără înscriere") },
    },
  },
  // ─── Media ────────────────────────────────────────────────────────────────────────────────
  "/upload/load-url": {
    post: {
      summary: "Adresa unei imagini din catalog (courses/, products/)",
      auth: "none",
      request: ref("KeyBody"),
      responses: { 200: json(object({ url: nullable(str()) }), "{url}"), 400: error("Cheie invalidă"), 403: error("Fișierele lecțiilor se deschid din lecție") },
    },
  },
  "/admin/upload/load-url": {
    post: {
      summary: "Adresa oricărui fișier (administrator)",
      auth: "admin",
      request: ref("KeyBody"),
      responses: { 200: json(object({ url: str() }), "{url}"), 400: error("Cheie invalidă") },
    },
  },
  "/admin/upload/upload-url": {
    post: {
      summary: "Adresa la care se încarcă un fișier cu PUT",
      auth: "admin",
      request: ref("UploadUrlBody"),
      responses: {
        200: json(ref("UploadUrlAnswer"), "{url, key, …}"),
        400: error("Cerere de încărcare invalidă"),
        409: error("Cheia există deja"),
        413: error("Fișier prea mare"),
        415: error("Tip de fișier nepermis"),
      },
    },
  },
  // ─── Cart and checkout ────────────────────────────────────────────────────────────────────
  "/cart": {
    get: { summary: "Coșul", auth: "user", responses: { 200: json(object({ cart: ref("Cart") }), "{cart: {items, …}}") } },
    post: {
      summary: "Adaugă în coș (prețul trimis e verificat, nu folosit)",
      auth: "user",
      request: ref("AddToCartBody"),
      responses: {
        201: json(ref("Msg"), "{msg} (adăugat)"),
        200: json(ref("Msg"), "{msg} (actualizat)"),
        400: error("Perioadă sau preț nealese / opțiune invalidă"),
        404: error("Curs indisponibil"),
        409: error("Preț diferit, deja în coș sau deja înscris"),
      },
    },
  },
  "/cart/{id}": { delete: { summary: "Elimină o linie din coș", auth: "user", responses: { 200: json(ref("Msg"), "{msg}"), 404: error("A apărut o eroare la eliminarea cursului.") } } },
  "/cart/clear": {
    delete: { summary: "Golește coșul", auth: "user", responses: { 200: json(object({ msg: str(), items: { type: "array", maxItems: 0 }, cart: object({ items: { type: "array", maxItems: 0 } }) }, ["msg"]), "{msg}") } },
  },
  "/cart/delivery": {
    get: { summary: "Metodele de livrare pentru un coș cu produse, și alegerea salvată", auth: "user", responses: { 200: json(ref("Delivery"), "Livrarea") } },
    put: {
      summary: "Salvează metoda de livrare (taxa o calculează serverul)",
      auth: "user",
      request: { type: "object" },
      responses: { 200: json(object({ msg: str(), delivery: ref("Delivery") }), "{msg, delivery}"), 400: error("Metodă indisponibilă sau adresă incompletă") },
    },
  },
  "/purchase/send": {
    post: {
      summary: "Comanda prin transfer bancar (sau gratuită), într-o singură tranzacție",
      auth: "user",
      request: ref("CheckoutBody"),
      responses: {
        201: json(ref("OrderAnswer"), "Comandă creată"),
        200: json(ref("OrderAnswer"), "Aceeași comandă (reluare)"),
        400: error("Adresă, acorduri sau coș gol"),
        409: error("Coș schimbat sau preț diferit"),
      },
    },
  },
  "/checkout": {
    post: {
      summary: "Plata cu cardul: formularul furnizorului de plăți",
      auth: "user",
      request: ref("CheckoutBody"),
      responses: {
        201: json(ref("CheckoutAnswer"), "{formUrl, env_key, data}"),
        200: json({ anyOf: [ref("CheckoutAnswer"), ref("OrderAnswer")] }, "Reluare, sau o comandă fără card"),
        400: error("Adresă, acorduri, coș gol sau card indisponibil"),
        409: error("Coș schimbat, preț diferit sau comandă deja procesată"),
      },
    },
  },
  // ─── Legal pages ──────────────────────────────────────────────────────────────────────────
  "/terms/{page}": {
    get: { summary: "O pagină legală", auth: "none", responses: { 200: json(ref("Terms"), "{page, terms}"), 404: error("Pagină inexistentă") } },
    put: {
      summary: "Actualizează o pagină legală",
      auth: "admin",
      request: ref("TermsBody"),
      responses: { 200: json(ref("Terms"), "{page, terms}"), 400: error("Date invalide"), 404: error("Pagină inexistentă") },
    },
  },
  "/terms": {
    post: {
      summary: "Creează o pagină legală",
      auth: "admin",
      request: ref("TermsBody"),
      responses: { 201: json(ref("Terms"), "{page, terms}"), 400: error("Date invalide"), 404: error("Pagină inexistentă"), 409: error("Pagina există deja") },
    },
  },
  // ─── Admin ────────────────────────────────────────────────────────────────────────────────
  "/admin/verify": { get: { summary: "Verificare administrator", auth: "admin", responses: { 200: json(object({ msg: { type: "string", const: "ok" } }), "{msg: 'ok'}") } } },
  "/admin/online-courses": {
    get: { summary: "Toate cursurile online", auth: "admin", responses: { 200: json(arrayOf(ref("AdminCourse")), "Lista") } },
    post: {
      summary: "Creează un curs online",
      auth: "admin",
      request: ref("AdminCourseBody"),
      responses: { 201: json(object({ msg: str(), _id: int }), "Curs creat cu succes"), 400: error("Date invalide") },
    },
  },
  "/admin/courses": {
    get: { summary: "Toate cursurile fizice", auth: "admin", responses: { 200: json(arrayOf(ref("AdminCourse")), "Lista") } },
    post: {
      summary: "Creează un curs fizic",
      auth: "admin",
      request: ref("AdminCourseBody"),
      responses: { 201: json(object({ msg: str(), _id: int }), "Curs creat cu succes"), 400: error("Date invalide") },
    },
  },
  "/admin/online-courses/{id}": {
    put: {
      summary: "Actualizează un curs online",
      auth: "admin",
      request: ref("AdminCourseBody"),
      responses: { 200: json(object({ msg: str(), _id: int }), "Curs actualizat cu succes"), 400: error("Date invalide"), 404: error("Cursul nu există.") },
    },
    delete: {
      summary: "Șterge un curs online (sau îl ascunde, dacă are înscrieri)",
      auth: "admin",
      responses: { 200: json(object({ msg: str(), outcome: { type: "string", enum: ["deleted", "hidden"] } }), "{msg, outcome}"), 404: error("Cursul nu există.") },
    },
  },
  "/admin/courses/{id}": {
    put: {
      summary: "Actualizează un curs fizic",
      auth: "admin",
      request: ref("AdminCourseBody"),
      responses: { 200: json(object({ msg: str(), _id: int }), "Curs actualizat cu succes"), 400: error("Date invalide"), 404: error("Cursul nu există.") },
    },
    delete: {
      summary: "Șterge un curs fizic (sau îl ascunde, dacă are înscrieri)",
      auth: "admin",
      responses: { 200: json(object({ msg: str(), outcome: { type: "string", enum: ["deleted", "hidden"] } }), "{msg, outcome}"), 404: error("Cursul nu există.") },
    },
  },
  "/admin/online-lessons/{courseId}": {
    get: {
      summary: "Lecțiile unui curs online (administrator)",
      auth: "admin",
      responses: { 200: json(object({ data: arrayOf(ref("AdminLesson")) }), "{data}"), 404: error("Cursul nu există.") },
    },
  },
  "/admin/produse": {
    get: { summary: "Toate produsele", auth: "admin", responses: { 200: json(object({ data: arrayOf(object({ id: int, title: str() })) }), "{data}") } },
  },
  "/openapi.json": { get: { summary: "Acest document", auth: "none", responses: { 200: { description: "OpenAPI 3.1" } } } },
};

export type ApiAuth = Call["auth"];
export interface ApiOperation {
  method: "get" | "post" | "put" | "patch" | "delete";
  path: string;
  auth: ApiAuth;
}

/** Every documented call: method, path template and who may make it. */
export const API_OPERATIONS: ApiOperation[] = Object.entries(calls).flatMap(([path, methods]) =>
  Object.entries(methods).map(([method, call]) => ({ method: method as ApiOperation["method"], path, auth: call.auth })),
);

function operation(path: string, method: string, call: Call) {
  const responses: Record<string, unknown> = { ...call.responses };
  if (call.auth !== "none") responses["401"] = guest;
  if (call.auth === "admin") responses["403"] ??= notAdmin;
  if (method !== "get") {
    responses["403"] ??= crossSite;
    responses["415"] = notJson;
  }
  if (call.request) responses["400"] ??= error("Corpul nu este JSON valid sau lipsesc câmpuri");
  responses["405"] = error("Metodă nepermisă (antetul Allow le numește pe cele permise)");
  const params = [...path.matchAll(/\{(\w+)\}/g)].map((m) => ({ name: m[1], in: "path", required: true, schema: { type: "string" } }));
  return {
    summary: call.summary,
    operationId: `${method}${path.replace(/[{}]/g, "").replace(/[/.-](\w)/g, (_, c: string) => c.toUpperCase())}`,
    ...(params.length ? { parameters: params } : {}),
    ...(call.auth !== "none" ? { security: [{ session: [] }] } : {}),
    ...(call.request ? { requestBody: body(call.request) } : {}),
    responses,
  };
}

export function apiDocument(serverUrl = "/api") {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const [path, methods] of Object.entries(calls)) {
    for (const [method, call] of Object.entries(methods)) (paths[path] ??= {})[method] = operation(path, method, call);
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Ana Nails Academy – JSON API",
      version: "2.0.0",
      description: [
        "Toate apelurile sub /api, cu cookie-ul de sesiune `__session` (primit la POST /access/login sau /access/register).",
        "Răspunsurile au cheile-înveliș ale site-ului original: {user}, {cart: {items}}, {enrollments}, {enrollment}, {data}, {itemCount}, {url}.",
        "Orice eșec este {msg, error} cu același text în limba română (plus `errors` pe câmpuri la date invalide).",
        "Modificările acceptă doar application/json, de pe site sau de la originea din API_ALLOWED_ORIGIN (CORS închis altfel).",
        "Câmpurile noastre în plus (imgUrl, cartVersion, totaluri, lowestPrice30Days) stau lângă cele originale.",
      ].join(" "),
    },
    servers: [{ url: serverUrl }],
    components: { securitySchemes: { session: { type: "apiKey", in: "cookie", name: "__session" } }, schemas },
    paths,
  };
}

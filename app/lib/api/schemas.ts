/**
 * The JSON API's shapes (docs/product.md §3, §7): request bodies reuse the form schemas' field rules (the
 * same zod objects, under docs/product.md's field names), responses are described here once and turned
 * into the OpenAPI document (`z.toJSONSchema`). No rule lives here that a form does not share.
 */
import { z } from "zod";
import { accountSchema, forgotPasswordSchema, loginSchema, registerSchema, resetPasswordSchema } from "~/lib/validation/account";
import { addressSchema, checkoutAnswersSchema } from "~/lib/validation/checkout";
import { deliveryFormSchema } from "~/lib/validation/delivery";
import { termsFormSchema } from "~/lib/validation/terms";

// ─── Shared pieces ──────────────────────────────────────────────────────────────────────────

export const errorSchema = z
  .object({
    msg: z.string().describe("Mesaj în limba română (docs/product.md §8)"),
    errors: z.record(z.string(), z.array(z.string())).optional().describe("Erori pe câmpuri"),
    error: z.string().optional().describe("Același text (doar la încărcări: îl citește uploaderul din admin)"),
    seconds: z.number().int().optional().describe("Cât mai trebuie vizionat (regula de vizionare)"),
    order: z.object({ _id: z.string(), reference: z.string(), status: z.string() }).loose().optional(),
  })
  ;

export const msgSchema = z.object({ msg: z.string() });

export const priceEntrySchema = z
  .object({
    _id: z.number().int(),
    days: z.union([z.number().int(), z.literal("nelimitat")]),
    value: z.string().describe("Preț în format românesc (1.000,00) sau „Gratis”"),
    accreditation: z.boolean(),
    advancePayment: z.boolean(),
  })
  ;

export const selectedPriceSchema = z
  .object({
    value: z.string().max(40).describe("Prețul văzut de client; verificat de server, niciodată folosit"),
    days: z.union([z.number().int(), z.literal("nelimitat"), z.string().max(20), z.null()]).optional(),
    accreditation: z.boolean().optional().default(false),
    advancePayment: z.boolean().optional().default(false),
  })
  ;

const daySchema = z.object({ id: z.number().int(), title: z.string(), lista: z.array(z.string()) });
const elementSchema = z.object({ id: z.number().int(), title: z.string(), details: z.array(z.string()), days: z.array(daySchema).optional() });
const lessonMetaSchema = z.object({ chapterId: z.number().int(), lessonId: z.number().int(), lessonTitle: z.string() });

/**
 * Omnibus rules (issue 19): wherever a struck-through `price2` is given, the lowest price of the
 * 30 days before the reduction, from the price history, in the same text format.
 */
const lowestPrice30DaysSchema = z
  .string()
  .nullable()
  .describe(
    "Cel mai mic preț din ultimele 30 de zile (din istoricul prețurilor), în formatul lui `price2` (ex. \"249,00\"); dat ori de câte ori `price2` (prețul tăiat) nu este null, altfel null. Reducerea se raportează la acest preț.",
  );

export const courseSchema = z
  .object({
    _id: z.number().int(),
    title: z.string(),
    secondTitle: z.string(),
    thirdTitle: z.string(),
    category: z.string(),
    courseType: z.enum(["physical", "online"]),
    img: z.string().nullable(),
    imgUrl: z.string().nullable(),
    price2: z.string().nullable(),
    lowestPrice30Days: lowestPrice30DaysSchema,
    prices: z.array(priceEntrySchema),
    duration: z.union([z.number().int(), z.literal("nelimitat"), z.null()]),
    nextSession: z.string().nullable(),
    elements: z.array(elementSchema),
    days: z.array(daySchema),
    isPublished: z.boolean(),
    isPurchased: z.boolean(),
    paymentStatus: z.enum(["pending", "confirmed", "failed", "refunded"]).nullable(),
    certificateUrl: z.string().nullable(),
    lessonsMetadata: z.array(lessonMetaSchema),
    sessions: z
      .array(
        z.object({
          _id: z.number().int(),
          days: z.number().int(),
          startDate: z.string(),
          endDate: z.string(),
          dates: z.array(z.string()),
          startTime: z.string(),
          endTime: z.string(),
          place: z.string(),
          capacity: z.number().int(),
          placesLeft: z.number().int(),
          state: z.enum(["open", "full", "closed", "cancelled"]),
        }),
      )
      .optional()
      .describe("Curs fizic: sesiunile viitoare (datele, ora, locul, locurile rămase); `sessionId` la adăugarea în coș alege una."),
  })
  ;

export const courseListSchema = z.array(courseSchema);
/** GET /cursuri-online/{id}: docs/product.md says the course "may be wrapped in data"; both are given. */
export const onlineCourseSchema = courseSchema.extend({ data: courseSchema.omit({}) });

export const productSchema = z
  .object({
    _id: z.number().int(),
    id: z.number().int(),
    title: z.string(),
    subtitle: z.string(),
    description: z.string().optional(),
    img: z.string().nullable(),
    imgUrl: z.string().nullable(),
    price: z.string(),
    price2: z.string().nullable(),
    lowestPrice30Days: lowestPrice30DaysSchema,
    inCart: z.boolean().optional(),
  })
  ;

export const userSchema = z
  .object({
    _id: z.string(),
    email: z.string(),
    nume: z.string(),
    telefon: z.string(),
    adresa: z.string(),
    status: z.enum(["user", "admin"]),
    marketing: z.boolean(),
  })
  ;

export const enrollmentSchema = z
  .object({
    _id: z.string(),
    course: z.object({ _id: z.number().int(), title: z.string() }),
    courseType: z.enum(["physical", "online"]),
    paymentStatus: z.enum(["pending", "confirmed", "failed", "refunded"]),
    progress: z.number().int(),
    chaptersProgress: z.array(z.object({ chapterId: z.number().int(), completed: z.boolean() })),
    enrollmentDate: z.string(),
  })
  ;

export const cartItemSchema = z
  .object({
    _id: z.string(),
    category: z.enum(["physical", "online", "product"]),
    itemRef: z.object({ _id: z.number().int().nullable(), title: z.string().nullable(), img: z.string().nullable(), imgUrl: z.string().nullable() }),
    selectedPrice: z.object({
      value: z.string(),
      days: z.union([z.number().int(), z.literal("nelimitat"), z.null()]),
      accreditation: z.boolean(),
      advancePayment: z.boolean(),
    }),
    dueNow: z.string(),
    problem: z.string().nullable(),
  })
  ;

export const cartSchema = z
  .object({
    items: z.array(cartItemSchema),
    totalPrice: z.string().describe("De plată acum (RON)"),
    fullPrice: z.string(),
    shippingPrice: z.string().describe("Costul livrării inclus în total (RON; 0,00 fără livrare)"),
    orderButtonLabel: z
      .string()
      .describe("Textul butonului care plasează comanda (OUG 34/2014 art. 7 alin. (2)): „Comandă cu obligație de plată”, sau „Prinde cursul gratuit” la total zero"),
    earlyStartRequired: z
      .boolean()
      .describe("Un curs fizic din coș începe în mai puțin de 14 zile: comanda cere earlyStart: true (solicitarea expresă de începere în termenul de retragere)"),
    cartVersion: z.string().describe("Trimite-l la /purchase/send și /checkout: o comandă repetată nu se dublează"),
  })
  ;

// ─── Delivery (issue 16): carts with products ──────────────────────────────────────────────

/** PUT /cart/delivery: the cart page's delivery form, same fields (rules depend on the method's kind). */
export const deliveryBody = deliveryFormSchema({});

const deliveryAddressSchema = z.object({
  name: z.string(),
  phone: z.string(),
  street: z.string().describe("Strada și numărul; la easybox/locker, numele sau adresa lui"),
  city: z.string(),
  county: z.string(),
  postalCode: z.string(),
});

export const cartDeliverySchema = z.object({
  needed: z.boolean().describe("Coșul are produse: fără o metodă de livrare salvată comanda nu poate fi plasată"),
  methods: z.array(
    z.object({
      _id: z.number().int(),
      name: z.string(),
      kind: z.enum(["pickup", "courier", "locker"]),
      description: z.string(),
      price: z.string().describe("Taxa de livrare (RON)"),
      freeAbove: z.string().nullable().describe("Gratuit de la această valoare a produselor (RON)"),
      estimatedDays: z.number().int().nullable(),
      priceForThisCart: z.string().describe("Taxa pentru produsele din coș acum (RON)"),
    }),
  ),
  selected: z
    .object({ methodId: z.number().int(), sameAsBilling: z.boolean(), address: deliveryAddressSchema.nullable() })
    .nullable(),
  pickupAddress: z.string().describe("Adresa și programul academiei (ridicare personală)"),
  shippingPrice: z.string().describe("Taxa metodei salvate pentru coșul de acum (RON)"),
});

export const termsPageSchema = z
  .object({ page: z.string(), terms: z.array(z.object({ title: z.string(), description: z.string() })) })
  ;

export const orderSchema = z
  .object({
    _id: z.string(),
    reference: z.string(),
    status: z.string(),
    paymentMethod: z.enum(["bank_transfer", "card", "free"]),
    totalPrice: z.string(),
  })
  ;

export const checkoutResponseSchema = z
  .object({
    formUrl: z.string(),
    env_key: z.string(),
    data: z.string(),
    fields: z.record(z.string(), z.string()).describe("Toate câmpurile formularului de plată (și cipher, iv)"),
    order: orderSchema,
  })
  ;

export const lessonSchema = z
  .object({
    _id: z.number().int(),
    chapterId: z.number().int(),
    lessonId: z.number().int(),
    lessonTitle: z.string(),
    explanation: z.string(),
    videoUrl: z.string().nullable(),
    pdfUrl: z.string().nullable(),
    captionsUrl: z.string().nullable().describe("Subtitrările WebVTT ale videoclipului (text/vtt), ca videoUrl"),
    transcript: z.string().describe("Transcrierea lecției, text simplu; gol când nu există"),
    isPublished: z.boolean(),
    completed: z.boolean(),
    unlocked: z.boolean(),
  })
  ;

export const lessonsResponseSchema = z.object({
  course: z.object({ _id: z.number().int(), title: z.string() }),
  lessons: z.array(lessonSchema),
  enrollment: enrollmentSchema,
});

export const adminCourseCardSchema = z
  .object({
    _id: z.number().int(),
    title: z.string(),
    secondTitle: z.string(),
    category: z.string(),
    isPublished: z.boolean(),
    img: z.string().nullable(),
    enrollments: z.number().int(),
  })
  ;

export const adminLessonSchema = z.object({
  _id: z.number().int().nullable(),
  chapterId: z.number().int(),
  lessonId: z.number().int(),
  lessonTitle: z.string(),
  explanation: z.string(),
  isPublished: z.boolean(),
  videoUrlKey: z.string().nullable(),
  pdfUrlKey: z.string().nullable(),
  captionsUrlKey: z.string().nullable(),
  transcript: z.string(),
});

// ─── Request bodies (the forms' schemas, under docs/product.md's names) ──────────────────────────────

export const loginBody = loginSchema.omit({ redirectTo: true });
export const registerBody = z.object({
  nume: registerSchema.shape.name,
  email: registerSchema.shape.email,
  password: registerSchema.shape.password,
  marketing: registerSchema.shape.marketing,
});
/** docs/product.md names → the form's names, so the very same schema parses both. */
export const fromRegisterBody = (b: Record<string, unknown>) => ({ name: b.nume, email: b.email, password: b.password, marketing: b.marketing });
export const resetRequestBody = forgotPasswordSchema;
export const resetBody = resetPasswordSchema;
export const profileBody = z.object({
  nume: accountSchema.shape.name,
  email: accountSchema.shape.email,
  telefon: accountSchema.shape.phone,
  adresa: accountSchema.shape.address,
});
export const fromProfileBody = (b: Record<string, unknown>) => ({ name: b.nume, email: b.email, phone: b.telefon, address: b.adresa });

export const addToCartBody = z.object({
  courseId: z.number().int().positive().max(2_147_483_647),
  category: z.enum(["physical", "online", "product"]),
  selectedPrice: selectedPriceSchema.optional(),
  /** Physical course: the chosen session (`sessions[]._id`). */
  sessionId: z.number().int().positive().max(2_147_483_647).optional(),
});

export const enrollBody = z.object({
  courseId: z.number().int().positive().max(2_147_483_647),
  courseType: z.enum(["physical", "online"]),
  selectedPrice: selectedPriceSchema,
  selectedDays: z.union([z.number().int(), z.string().max(20), z.null()]).optional(),
  advanceSelected: z.boolean().optional(),
  accreditation: z.boolean().optional(),
});

const baseCheckout = checkoutAnswersSchema({ requireDigitalConsent: false });
/**
 * POST /purchase/send and /checkout: docs/product.md's {data, totalPrice, address, paymentMethod} plus the
 * checkout form's boxes (the same schema as the cart page; the digital-content boxes are
 * required by the server when the cart holds an online course). `cartVersion` is optional:
 * without it the current cart is checked out; with it a replay returns the same order.
 */
export const checkoutBody = baseCheckout.extend({
  cartVersion: baseCheckout.shape.cartVersion.optional(),
  data: z
    .array(z.object({ _id: z.string().max(64), selectedPrice: z.object({ value: z.string().max(40) }).partial().optional() }).loose())
    .max(100)
    .optional(),
  totalPrice: z.union([z.string().max(40), z.number()]).optional(),
  address: addressSchema.shape.address.optional(),
});

export const chapterProgressBody = z.object({
  chapterId: z.number().int().min(0).max(1_000_000),
  completed: z.boolean().optional().default(true),
  totalChapters: z.number().int().optional(),
});

export const loadUrlBody = z.object({ key: z.string().min(1).max(300) });

export const termsBody = z.object({
  page: z.string().max(60).optional(),
  terms: termsFormSchema.shape.sections,
});

/** A yes/no as the admin's selects may send it: true/false, or the text "true"/"false". */
const flag = z.union([z.boolean(), z.enum(["true", "false"]).transform((value) => value === "true")]);
const dayBody = z.object({ id: z.number().int(), title: z.string(), lista: z.array(z.string()).optional() });

/**
 * POST /admin/courses, /admin/online-courses and PUT …/{id}: docs/product.md §7's payload. Its field rules
 * are the admin course form's (`courseFormSchema`), which parses it after `toCourseForm`. A
 * physical course's programme days come under its chapters (`elements[i].days`, as the course
 * objects carry them) or at the top (`days`).
 */
export const adminCourseBody = z.object({
  title: z.string(),
  secondTitle: z.string().optional(),
  thirdTitle: z.string().optional(),
  category: z.string().optional(),
  img: z.string().nullable().optional(),
  price2: z.string().nullable().optional(),
  prices: z
    .array(
      z.object({
        _id: z.number().int().positive().optional(),
        value: z.string(),
        days: z.union([z.number().int(), z.string(), z.null()]).optional(),
        accreditation: flag.optional(),
        advancePayment: flag.optional(),
      }),
    )
    .optional(),
  duration: z.union([z.number().int(), z.string(), z.null()]).optional(),
  nextSession: z.string().nullable().optional(),
  elements: z
    .array(z.object({ id: z.number().int(), title: z.string().optional(), details: z.array(z.string()).optional(), days: z.array(dayBody).optional() }))
    .optional(),
  days: z.array(dayBody).optional(),
  isPublished: flag.optional(),
  lessonsMetadata: z
    .array(
      z.object({
        _id: z.number().int().positive().nullable().optional(),
        chapterId: z.number().int(),
        lessonId: z.number().int(),
        lessonTitle: z.string(),
        explanation: z.string().optional(),
        isPublished: flag.optional(),
        videoUrlKey: z.string().nullable().optional(),
        pdfUrlKey: z.string().nullable().optional(),
        captionsUrlKey: z.string().nullable().optional().describe("Subtitrări WebVTT (captions/…)"),
        transcript: z.string().optional(),
      }),
    )
    .optional(),
});

export type AdminCourseBody = z.output<typeof adminCourseBody>;

const text = (value: number | string | null | undefined) => (value === null || value === undefined ? "" : String(value));

/** The programme days: those under the chapters when any chapter carries some, else the top-level list. */
function programmeDays(body: AdminCourseBody) {
  const underChapters = (body.elements ?? []).flatMap((element) => element.days ?? []);
  return underChapters.length > 0 ? underChapters : (body.days ?? []);
}

/** docs/product.md's course payload → the admin course form's values (the form's schema then decides). */
export function toCourseForm(body: AdminCourseBody) {
  return {
    title: body.title,
    secondTitle: body.secondTitle,
    thirdTitle: body.thirdTitle,
    category: body.category,
    imageKey: body.img ?? undefined,
    price2: body.price2 ?? undefined,
    durationDays: text(body.duration),
    nextSessionOn: body.nextSession ?? undefined,
    isPublished: body.isPublished ? "da" : "nu",
    prices: (body.prices ?? []).map((p) => ({ id: p._id, value: p.value, days: text(p.days), accreditation: p.accreditation, advancePayment: p.advancePayment })),
    chapters: (body.elements ?? []).map((c) => ({ id: c.id, title: c.title, details: (c.details ?? []).map((detail, index) => ({ id: index, text: detail })) })),
    days: programmeDays(body).map((d) => ({ id: d.id, title: d.title, activities: d.lista ?? [] })),
    lessons: (body.lessonsMetadata ?? []).map((l) => ({
      id: l._id ?? undefined,
      chapterId: l.chapterId,
      lessonId: l.lessonId,
      title: l.lessonTitle,
      explanation: l.explanation,
      isPublished: l.isPublished ? "da" : "nu",
      videoKey: l.videoUrlKey ?? undefined,
      pdfKey: l.pdfUrlKey ?? undefined,
      captionsKey: l.captionsUrlKey ?? undefined,
      transcript: l.transcript,
    })),
  };
}

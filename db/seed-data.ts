/**
 * The demo catalogue: our own Romanian texts for a nail-technician academy in Constanța.
 * Amounts are in bani. Image names refer to files in db/seed-assets/.
 */
import type { CourseContent } from "../app/lib/course-content";
import { cookieTableText } from "../app/lib/site-cookies";

export interface SeedPriceOption {
  days: number | null;
  amountBani: number;
  accreditation?: boolean;
  advancePayment?: boolean;
}

export interface SeedLesson {
  chapterId: number;
  lessonId: number;
  title: string;
  explanation: string;
  withPdf?: boolean;
}

export interface SeedCourse {
  kind: "physical" | "online";
  title: string;
  secondTitle: string;
  thirdTitle: string;
  category: string;
  image: string;
  price2Bani?: number;
  durationDays: number | null;
  /** Days from the seeding date to the next session (physical courses). */
  nextSessionInDays?: number;
  content: CourseContent;
  prices: SeedPriceOption[];
  lessons?: SeedLesson[];
  position: number;
}

const details = (...texts: string[]) => texts.map((text, id) => ({ id, text }));

export const seedCourses: SeedCourse[] = [
  {
    kind: "physical",
    title: "Curs de bază – Tehnician manichiură",
    secondTitle: "Manichiură, construcție cu gel și ojă semipermanentă",
    thirdTitle:
      "Cursul complet pentru cine pornește de la zero: în cinci zile lucrezi pe modele reale, sub îndrumarea formatoarei, și pleci cu tehnica, igiena și încrederea de a primi primele cliente. Grupe mici, de cel mult 4 cursante, iar materialele sunt incluse.",
    category: "Manichiură",
    image: "curs-baza",
    price2Bani: 250000,
    durationDays: 5,
    nextSessionInDays: 18,
    position: 1,
    content: {
      chapters: [
        {
          id: 0,
          title: "Teorie și igienă",
          details: details(
            "Anatomia unghiei și afecțiunile care contraindică lucrul",
            "Dezinfecție, sterilizare și organizarea mesei de lucru",
            "Produse: baze, geluri, topuri, primeri – ce folosim și de ce",
          ),
        },
        {
          id: 1,
          title: "Manichiura",
          details: details(
            "Manichiura combinată și manichiura cu freza",
            "Pregătirea unghiei pentru ojă semipermanentă",
          ),
        },
        {
          id: 2,
          title: "Construcție cu gel",
          details: details(
            "Construcție pe tips și pe șablon",
            "Forme: pătrat, migdală, balerină",
            "Întreținerea și îndepărtarea corectă",
          ),
        },
      ],
      days: [
        { id: 0, title: "Ziua 1", activities: ["Teorie și igienă", "Manichiura combinată pe model"] },
        { id: 1, title: "Ziua 2", activities: ["Ojă semipermanentă", "Lucru pe model"] },
        { id: 2, title: "Ziua 3", activities: ["Construcție pe tips", "Pilirea formelor"] },
        { id: 3, title: "Ziua 4", activities: ["Construcție pe șablon", "Nail art de bază"] },
        { id: 4, title: "Ziua 5", activities: ["Lucru pe model – evaluare", "Fotografierea lucrărilor", "Înmânarea diplomelor"] },
      ],
    },
    prices: [
      { days: 5, amountBani: 200000 },
      { days: 5, amountBani: 265000, accreditation: true },
      { days: 10, amountBani: 230000 },
      { days: 10, amountBani: 295000, accreditation: true },
      { days: 5, amountBani: 50000, advancePayment: true },
    ],
  },
  {
    kind: "physical",
    title: "Curs avansat – Construcție și nail art",
    secondTitle: "Pentru tehniciene cu experiență care vor lucrări de salon premium",
    thirdTitle:
      "Trei zile dedicate formelor avansate, armăturii corecte și tehnicilor de nail art cerute de clientele pretențioase: baby boomer, french inversat, cromuri și decoruri 3D.",
    category: "Construcție",
    image: "curs-avansat",
    durationDays: 3,
    nextSessionInDays: 32,
    position: 2,
    content: {
      chapters: [
        {
          id: 0,
          title: "Arhitectura unghiei",
          details: details("Armătura și punctul de stres", "Corectarea unghiilor problemă"),
        },
        {
          id: 1,
          title: "Nail art",
          details: details("Baby boomer și french inversat", "Cromuri, foiță și decoruri 3D"),
        },
      ],
      days: [
        { id: 0, title: "Ziua 1", activities: ["Armătură și forme avansate"] },
        { id: 1, title: "Ziua 2", activities: ["Baby boomer", "French inversat"] },
        { id: 2, title: "Ziua 3", activities: ["Decoruri 3D", "Lucru pe model"] },
      ],
    },
    prices: [
      { days: 3, amountBani: 150000 },
      { days: 3, amountBani: 215000, accreditation: true },
    ],
  },
  {
    kind: "physical",
    title: "Curs de pedichiură estetică",
    secondTitle: "Pedichiură clasică și ojă semipermanentă pe picioare",
    thirdTitle:
      "Două zile în care înveți pedichiura estetică în condiții de igienă impecabilă: tratarea cuticulelor, a calusurilor ușoare și aplicarea oje semipermanente.",
    category: "Pedichiură",
    image: "curs-pedichiura",
    durationDays: 2,
    nextSessionInDays: 46,
    position: 3,
    content: {
      chapters: [
        {
          id: 0,
          title: "Pedichiura estetică",
          details: details("Pregătirea și igiena", "Tratarea cuticulelor și a calusurilor ușoare", "Ojă semipermanentă pe picioare"),
        },
      ],
      days: [
        { id: 0, title: "Ziua 1", activities: ["Teorie și igienă", "Demonstrație"] },
        { id: 1, title: "Ziua 2", activities: ["Lucru pe model"] },
      ],
    },
    prices: [
      { days: 2, amountBani: 90000 },
      { days: 2, amountBani: 155000, accreditation: true },
    ],
  },
  {
    kind: "online",
    title: "Ojă semipermanentă de la zero",
    secondTitle: "Curs online video, în ritmul tău",
    thirdTitle:
      "Tot ce îți trebuie pentru o manichiură cu ojă semipermanentă care ține trei săptămâni: pregătirea unghiei, aplicarea, greșelile frecvente și îndepărtarea fără să deteriorezi unghia naturală.",
    category: "Online",
    image: "online-semipermanent",
    price2Bani: 49900,
    durationDays: null,
    position: 1,
    content: {
      chapters: [
        { id: 0, title: "Introducere", details: details("Cum folosești cursul", "Materialele necesare") },
        { id: 1, title: "Pregătirea unghiei", details: details("Manichiura", "Matuizarea și degresarea") },
        { id: 2, title: "Aplicarea", details: details("Baza și culoarea", "Top coat și finisaj") },
        { id: 3, title: "Îndepărtarea", details: details("Îndepărtarea corectă") },
      ],
      days: [],
    },
    prices: [
      { days: null, amountBani: 34900, accreditation: true },
      { days: 90, amountBani: 24900 },
    ],
    lessons: [
      { chapterId: 0, lessonId: 1, title: "Bun venit la curs", explanation: "Cum este organizat cursul și cum îți urmărești progresul." },
      { chapterId: 0, lessonId: 2, title: "Materialele de care ai nevoie", explanation: "Lista completă de produse și instrumente, cu alternative accesibile.", withPdf: true },
      { chapterId: 1, lessonId: 1, title: "Manichiura înainte de ojă", explanation: "Împingerea cuticulelor și curățarea pterigiumului." },
      { chapterId: 1, lessonId: 2, title: "Matuizare și degresare", explanation: "De ce aderența începe cu pregătirea.", withPdf: true },
      { chapterId: 2, lessonId: 1, title: "Baza și culoarea", explanation: "Straturi subțiri, sigilarea vârfului, timpi de polimerizare." },
      { chapterId: 2, lessonId: 2, title: "Top coat și finisaj", explanation: "Luciu perfect și ulei pentru cuticule." },
      { chapterId: 3, lessonId: 1, title: "Îndepărtarea fără daune", explanation: "Pilirea stratului de culoare și îndepărtarea cu soluție.", withPdf: true },
    ],
  },
  {
    kind: "online",
    title: "Nail art: tehnici moderne",
    secondTitle: "Decoruri care se vând în salon",
    thirdTitle:
      "Zece decoruri cerute de cliente, explicate pas cu pas: linii fine, ombre, cromuri, french colorat și efecte de marmură.",
    category: "Online",
    image: "online-nailart",
    durationDays: null,
    position: 2,
    content: {
      chapters: [
        { id: 0, title: "Introducere", details: details("Pensule și culori") },
        { id: 1, title: "Linii și french", details: details("Linii fine", "French colorat") },
        { id: 2, title: "Efecte", details: details("Ombre", "Marmură", "Cromuri") },
      ],
      days: [],
    },
    prices: [
      { days: null, amountBani: 29900, accreditation: true },
      { days: 60, amountBani: 19900 },
    ],
    lessons: [
      { chapterId: 0, lessonId: 1, title: "Pensulele potrivite", explanation: "Ce pensule folosim pentru fiecare decor." },
      { chapterId: 1, lessonId: 1, title: "Linii fine", explanation: "Controlul pensulei și al presiunii." },
      { chapterId: 1, lessonId: 2, title: "French colorat", explanation: "Zâmbetul perfect, simetric pe toate unghiile.", withPdf: true },
      { chapterId: 2, lessonId: 1, title: "Ombre cu buretele", explanation: "Tranziții fine de culoare." },
      { chapterId: 2, lessonId: 2, title: "Marmură și cromuri", explanation: "Două efecte spectaculoase în câteva minute." },
    ],
  },
  {
    kind: "online",
    title: "Igiena și sterilizarea instrumentelor",
    secondTitle: "Curs gratuit – obligatoriu pentru orice salon",
    thirdTitle:
      "Un curs scurt și gratuit despre dezinfecție, sterilizare și trasabilitate, după normele în vigoare. Recomandat înainte de orice alt curs.",
    category: "Online",
    image: "online-igiena",
    durationDays: null,
    position: 3,
    content: {
      chapters: [
        { id: 0, title: "Introducere", details: details("De ce contează igiena") },
        { id: 1, title: "Dezinfecția", details: details("Suprafețe și mâini") },
        { id: 2, title: "Sterilizarea", details: details("Autoclavul și pungile de sterilizare") },
      ],
      days: [],
    },
    prices: [{ days: null, amountBani: 0, accreditation: true }],
    lessons: [
      { chapterId: 0, lessonId: 1, title: "De ce contează igiena", explanation: "Riscurile reale și responsabilitatea tehnicianului." },
      { chapterId: 1, lessonId: 1, title: "Dezinfecția suprafețelor și a mâinilor", explanation: "Produse, timpi de contact și ordinea corectă.", withPdf: true },
      { chapterId: 2, lessonId: 1, title: "Sterilizarea instrumentelor", explanation: "Spălare, ambalare, autoclav și registrul de sterilizare." },
    ],
  },
];

export interface SeedProduct {
  title: string;
  subtitle: string;
  description: string;
  image: string;
  priceBani: number;
  price2Bani?: number;
  position: number;
}

export const seedProducts: SeedProduct[] = [
  {
    title: "Kit ojă semipermanentă – Starter",
    subtitle: "Bază, top și 3 culori, 10 ml fiecare",
    description:
      "Kitul cu care lucrăm la cursul de bază: bază rubber, top fără strat lipicios și trei culori alese de formatoare (roșu clasic, nude roz, bordo).",
    image: "produs-kit",
    priceBani: 24900,
    price2Bani: 29900,
    position: 1,
  },
  {
    title: "Lampă UV/LED 48W",
    subtitle: "Senzor automat, temporizator 30/60/90 s",
    description: "Lampă profesională cu 24 de LED-uri dual UV/LED, potrivită pentru geluri și ojă semipermanentă.",
    image: "produs-lampa",
    priceBani: 18900,
    position: 2,
  },
  {
    title: "Set pile profesionale (10 buc.)",
    subtitle: "Granulații 100/180, lavabile",
    description: "Pile drepte și banană, cu miez de burete, care se pot dezinfecta.",
    image: "produs-pile",
    priceBani: 3990,
    position: 3,
  },
  {
    title: "Ulei pentru cuticule cu vitamina E",
    subtitle: "15 ml, aromă de migdale",
    description: "Hidratează cuticulele și prelungește aspectul proaspăt al manichiurii.",
    image: "produs-ulei",
    priceBani: 2490,
    position: 4,
  },
];

/** Delivery methods of a new shop (issue 16); the admin changes them in /admin/livrare. */
export const seedDeliveryMethods: Array<{
  name: string;
  kind: "pickup" | "courier" | "locker";
  description: string;
  feeBani: number;
  freeAboveBani: number | null;
  estimatedDays: number | null;
  isActive: boolean;
}> = [
  {
    name: "Ridicare personală de la academie",
    kind: "pickup",
    description: "{address} · Zilnic, 09:00–18:00. Te anunțăm când comanda este pregătită.",
    feeBani: 0,
    freeAboveBani: null,
    estimatedDays: 1,
    isActive: true,
  },
  {
    name: "Curier la adresă",
    kind: "courier",
    description: "Livrare oriunde în România; primești numărul AWB pe e-mail.",
    feeBani: 2500,
    freeAboveBani: 30000,
    estimatedDays: 3,
    isActive: true,
  },
  {
    name: "Livrare la easybox / locker",
    kind: "locker",
    description: "Scrie numele sau adresa easybox-ului / locker-ului ales.",
    feeBani: 1500,
    freeAboveBani: null,
    estimatedDays: 3,
    isActive: true,
  },
];

const section = (title: string, description: string) => ({ title, description });

export const seedTermsPages: Record<string, Array<{ title: string; description: string }>> = {
  termeni: [
    section(
      "1. Despre noi",
      "Site-ul este administrat de {business}, cu sediul în {address}, CUI {cui}, înregistrată la Registrul Comerțului sub nr. {regCom}. Ne poți scrie oricând la {email}.",
    ),
    section(
      "2. Contul de utilizator",
      "Pentru a cumpăra cursuri sau produse îți creezi un cont cu o adresă de e-mail validă. Ești responsabil(ă) de păstrarea confidențialității parolei și de activitatea din contul tău.",
    ),
    section(
      "3. Comenzi și prețuri",
      "Prețurile sunt exprimate în lei (RON) și includ toate taxele aplicabile. Comanda devine fermă după confirmarea plății. Ne rezervăm dreptul de a corecta erorile evidente de preț, cu informarea ta prealabilă.",
    ),
    section(
      "4. Livrarea produselor",
      "Produsele comandate se livrează doar în România, prin metoda aleasă în coș: ridicare personală gratuită de la academie ({address}), curier la adresă (25 lei, gratuit peste 300 lei) sau easybox / locker (15 lei). Comanda se expediază după confirmarea plății, iar numărul AWB îl primești pe e-mail și îl vezi în contul tău. Returul produselor este descris în Politica de returnare.",
    ),
    section(
      "5. Proprietate intelectuală",
      "Materialele video, fișele de lucru și textele cursurilor sunt protejate de legea dreptului de autor. Accesul este personal și nu poate fi transmis, înregistrat sau distribuit.",
    ),
    section(
      "6. Litigii",
      "Eventualele neînțelegeri se rezolvă pe cale amiabilă. Dacă nu reușim, te poți adresa ANPC sau instanțelor competente din România.",
    ),
  ],
  "politica-inscriere": [
    section(
      "Înscrierea la cursurile fizice",
      "Locul la curs se rezervă după plata integrală sau a avansului de 500 lei. Restul sumei se achită cel târziu în prima zi de curs. Grupele au cel mult 4 cursante.",
    ),
    section(
      "Reprogramare",
      "Poți cere mutarea într-o altă grupă cu cel puțin 7 zile înainte de începerea cursului, o singură dată, fără costuri.",
    ),
    section(
      "Cursurile online",
      "Accesul începe imediat după confirmarea plății și durează perioada aleasă (de exemplu 90 de zile sau nelimitat). Diploma de participare se obține după parcurgerea tuturor lecțiilor.",
    ),
  ],
  "politica-returnare": [
    section(
      "Livrarea produselor",
      "Alegi livrarea în coș: ridicare personală gratuită de la academie ({address}, zilnic 09:00–18:00), curier la adresă (25 lei, gratuit pentru produse de peste 300 lei, 2–3 zile lucrătoare) sau livrare la easybox / locker (15 lei, 2–3 zile lucrătoare). Costul livrării apare separat în coș, în comandă și pe factură. Cursurile nu se livrează.",
    ),
    section(
      "Dreptul de retragere pentru produse",
      "Ai la dispoziție 14 zile de la primirea produselor pentru a te retrage din contract, fără a invoca un motiv, conform OUG 34/2014. Ne anunți la {email}, apoi trimiți produsele în cel mult 14 zile de la anunț; costul returului îl suporți tu. Îți returnăm prețul produselor și costul livrării standard în cel mult 14 zile de la primirea produselor înapoi.",
    ),
    section(
      "Excepții",
      "Produsele cosmetice desigilate după livrare (ojă, geluri, uleiuri) nu pot fi returnate din motive de igienă și protecție a sănătății (art. 16 lit. e din OUG 34/2014).",
    ),
    section(
      "Conținutul digital",
      "Pentru cursurile online, dreptul de retragere se pierde odată cu începerea accesului la conținut, dacă ți-ai dat acordul expres pentru aceasta la finalizarea comenzii (art. 16 lit. m din OUG 34/2014).",
    ),
  ],
  "politica-plata": [
    section(
      "Metode de plată",
      "Poți plăti online cu cardul, prin procesatorul NETOPIA Payments, sau prin transfer bancar în contul afișat la finalizarea comenzii.",
    ),
    section(
      "Securitatea plăților",
      "Datele cardului sunt introduse exclusiv pe pagina securizată a procesatorului; noi nu vedem și nu stocăm datele cardului tău.",
    ),
    section(
      "Transferul bancar",
      "Scrie numărul comenzii în detaliile plății și trimite dovada plății la {email}. Cursurile devin disponibile după ce confirmăm încasarea.",
    ),
  ],
  confidentialitate: [
    section(
      "Ce date prelucrăm",
      "Numele, adresa de e-mail, telefonul și adresa de facturare, istoricul comenzilor și progresul la cursurile online.",
    ),
    section(
      "De ce le prelucrăm",
      "Pentru a-ți crea contul, a executa comenzile, a emite facturile și, doar cu acordul tău, pentru a-ți trimite noutăți.",
    ),
    section(
      "Drepturile tale",
      "Ai dreptul de acces, rectificare, ștergere, restricționare, portabilitate și opoziție, conform Regulamentului (UE) 2016/679. Scrie-ne la {email}. Te poți adresa și ANSPDCP.",
    ),
  ],
  cookie: [
    section(
      "Ce sunt cookie-urile",
      "Fișiere mici salvate de browser care ne ajută să ținem minte autentificarea, coșul și preferințele tale.",
    ),
    section(
      "Cookie-uri necesare",
      "Sesiunea de autentificare, mesajele de confirmare și alegerea ta privind cookie-urile. Fără ele site-ul nu funcționează.",
    ),
    section("Lista cookie-urilor", cookieTableText()),
    section(
      "Cookie-uri de analiză și marketing",
      "Se folosesc doar dacă le accepți din bannerul de cookie-uri. Îți poți schimba oricând alegerea din pagina Politica de cookie-uri.",
    ),
  ],
};

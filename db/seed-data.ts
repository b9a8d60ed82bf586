/**
 * The demo catalogue: our own Romanian texts for a nail-technician academy in Constanța.
 * Amounts are in bani. Image names refer to files in db/seed-assets/.
 */
import type { CourseContent } from "../app/lib/course-content";
import { RETENTION_POLICY_PHRASES } from "../app/lib/retention";
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
      "Ai la dispoziție 14 zile calendaristice de la ziua în care tu (sau cineva indicat de tine, altul decât curierul) intri în posesia produselor pentru a te retrage din contract, fără a invoca un motiv (art. 9 din OUG nr. 34/2014). Pentru a respecta termenul este suficient să ne trimiți decizia ta înainte de expirarea celor 14 zile.\n\nDupă ce ne anunți, trimiți produsele înapoi la {address} în cel mult 14 zile. Costul direct al returului îl suporți tu. Răspunzi doar de diminuarea valorii produselor rezultată din manipularea lor altfel decât este necesar pentru a le verifica natura și caracteristicile.",
    ),
    section(
      "Rambursarea pentru produse",
      "Îți rambursăm toate sumele primite pentru produsele returnate, inclusiv costul livrării standard (nu și diferența pentru o livrare mai scumpă aleasă de tine), fără întârzieri nejustificate și în cel mult 14 zile de la data la care ne-ai anunțat retragerea. Putem amâna rambursarea până primim produsele înapoi sau până ne trimiți dovada expedierii lor, oricare dintre aceste date este prima. Rambursăm prin aceeași metodă de plată (cardul prin NETOPIA Payments sau transfer în contul bancar indicat de tine), fără comisioane pentru tine.",
    ),
    section(
      "Excepții pentru produse",
      "Produsele cosmetice livrate sigilate (ojă, geluri, uleiuri, alte produse care intră în contact cu pielea sau unghiile) nu mai pot fi returnate după ce au fost desigilate, din motive de protecție a sănătății și de igienă (art. 16 lit. e din OUG nr. 34/2014). Produsele sigilate pot fi returnate în condițiile de mai sus.",
    ),
    section(
      "Cursurile fizice (cu prezență)",
      "Înscrierea la un curs fizic este un contract de prestări servicii încheiat la distanță: te poți retrage fără a invoca un motiv în 14 zile de la încheierea contractului (data comenzii). Dacă te retragi în acest termen și înainte de data de începere a cursului, îți rambursăm integral suma plătită, inclusiv avansul de 500 lei, în cel mult 14 zile de la anunțul tău.\n\nDacă sesiunea aleasă începe înainte de expirarea celor 14 zile, la finalizarea comenzii bifezi solicitarea expresă ca cursul să înceapă în perioada de retragere (fără ea comanda nu se poate plasa), iar confirmarea o primești pe e-mail, împreună cu comanda. După această cerere expresă, dacă te retragi după începerea cursului, plătești doar partea deja prestată, proporțional cu zilele de curs ținute (art. 14 alin. (3) din OUG nr. 34/2014). După ce cursul a fost prestat integral nu mai există drept de retragere (art. 16 lit. a).",
    ),
    section(
      "Cursurile fizice: anularea după termenul de retragere",
      "După cele 14 zile, locul tău în grupă rămâne rezervat și nu îl mai putem oferi altcuiva:\n- cu cel puțin 7 zile înainte de începerea cursului poți cere, o singură dată și fără costuri, mutarea într-o altă sesiune (vezi Politica de înscriere) sau poți renunța la curs; în acest caz îți rambursăm suma plătită, mai puțin avansul de 500 lei, care acoperă rezervarea locului;\n- dacă renunți cu mai puțin de 7 zile înainte de începere, după începerea cursului sau nu te prezinți, sumele plătite nu se rambursează; dacă ai plătit doar avansul, restul prețului nu mai este datorat, iar avansul îl poți folosi o singură dată pentru o sesiune următoare cu locuri libere, în cel mult 6 luni;\n- dacă noi anulăm sau amânăm sesiunea, alegi între mutarea într-o altă sesiune și rambursarea integrală a sumelor plătite.",
    ),
    section(
      "Cursurile online (conținut digital)",
      "Accesul la un curs online începe imediat după confirmarea plății. La finalizarea comenzii bifezi, separat, două acorduri: că ești de acord ca accesul să înceapă înainte de expirarea termenului de retragere de 14 zile și că iei la cunoștință că, odată cu începerea accesului, îți pierzi dreptul de retragere (art. 16 lit. m din OUG nr. 34/2014). Acordurile, cu data și ora lor, îți sunt confirmate pe e-mail și apar în datele contului tău. Cât timp plata nu a fost confirmată (de exemplu la transfer bancar), accesul nu a început și poți renunța la comandă cu rambursarea integrală a sumelor plătite.",
    ),
    section(
      "Cum te retragi",
      "Ne anunți decizia ta printr-o declarație neechivocă: un e-mail la {email} sau o scrisoare la {address} ({business}). Poți folosi formularul-tip de retragere din anexa nr. 2 la OUG nr. 34/2014, pe care îl descarci de pe această pagină (PDF sau text), dar folosirea lui nu este obligatorie. Scrie numărul comenzii, ca să o găsim repede. Îți confirmăm primirea pe e-mail.",
    ),
    section(
      "Produse neconforme și reclamații",
      "Produsele beneficiază de garanția legală de conformitate de 2 ani (OUG nr. 140/2021): dacă un produs are un defect sau nu corespunde descrierii, ne scrii la {email} și îl reparăm, înlocuim sau îți rambursăm prețul, fără costuri pentru tine. Pentru orice nemulțumire ne poți contacta la {email}; dacă nu ajungem la o soluție, te poți adresa ANPC (anpc.ro) sau procedurii de soluționare alternativă a litigiilor (SAL).",
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
      "1. Cine suntem",
      "Operatorul datelor tale personale este {business}, cu sediul în {address}, CUI {cui}, înregistrată la Registrul Comerțului sub nr. {regCom}. Pentru orice întrebare sau cerere privind datele tale ne scrii la {email} sau ne suni la {phone}. Această politică explică ce date prelucrăm prin acest site, de ce, pe ce temei legal (art. 6 din Regulamentul (UE) 2016/679 – GDPR), cui le transmitem, cât timp le păstrăm și ce drepturi ai.",
    ),
    section(
      "2. Ce date prelucrăm",
      "- Contul: numele, adresa de e-mail, telefonul și parola (păstrată doar ca amprentă criptografică, niciodată în clar).\n- Facturarea și livrarea: adresa de facturare, datele firmei dacă cumperi ca persoană juridică (denumire, CUI, nr. Registrul Comerțului), adresa de livrare sau locker-ul ales, numărul AWB.\n- Comenzile: ce ai cumpărat, prețurile, metoda de plată, starea plății; la plata cu cardul primim de la procesator doar numărul mascat al cardului (nu vedem și nu stocăm datele complete ale cardului).\n- Cursurile: înscrierile, progresul la cursurile online (lecțiile deschise și finalizate), diplomele (numele titularului și codul de verificare).\n- Acordurile: acceptarea termenilor, cele două acorduri pentru conținutul digital și opțiunea pentru noutăți prin e-mail, cu data și ora.\n- Date tehnice: sesiunea de autentificare (browserul folosit și ultima activitate), adresa IP pentru limitarea încercărilor de autentificare, înregistrare și resetare a parolei, copiile e-mailurilor pe care ți le trimitem.",
    ),
    section(
      "3. De ce le prelucrăm și pe ce temei",
      "- Crearea și administrarea contului, preluarea și executarea comenzilor, accesul la cursurile online, organizarea cursurilor fizice, livrarea produselor, diplomele și e-mailurile despre comenzi: executarea contractului cu tine (art. 6 alin. (1) lit. b GDPR).\n- Emiterea facturilor, transmiterea lor în sistemul RO e-Factura, evidența contabilă și păstrarea documentelor: obligația legală (art. 6 alin. (1) lit. c GDPR; Codul fiscal, Legea contabilității nr. 82/1991).\n- Securitatea contului și a site-ului (sesiuni, limitarea încercărilor repetate de autentificare, jurnale tehnice de erori) și verificarea autenticității diplomelor după cod: interesul nostru legitim de a proteja conturile și de a preveni fraudele (art. 6 alin. (1) lit. f GDPR).\n- Noutăți și oferte prin e-mail și, dacă vor fi folosite, cookie-urile de analiză și marketing: doar cu consimțământul tău (art. 6 alin. (1) lit. a GDPR și art. 4 alin. (5) din Legea nr. 506/2004), pe care îl poți retrage oricând.\nDatele cerute la cont și la comandă sunt necesare pentru încheierea contractului; fără ele nu putem procesa comanda.",
    ),
    section(
      "4. Cui transmitem datele",
      "Nu vindem datele tale. Le transmitem doar cât este necesar:\n- NETOPIA Payments, procesatorul plăților cu cardul (datele cardului le introduci direct pe pagina lor securizată);\n- furnizorul serviciului de e-mail prin care îți trimitem confirmările, facturile și mesajele despre cont;\n- furnizorul de găzduire și stocare a datelor (serverele pe care rulează site-ul, baza de date și fișierele);\n- ANAF, prin sistemul RO e-Factura, pentru facturile emise, și contabilul care ține evidența contabilă;\n- firma de curierat sau operatorul de lockere, pentru livrări (numele, telefonul și adresa de livrare);\n- autoritățile publice, doar când legea ne obligă.\nFurnizorii lucrează ca persoane împuternicite, pe bază de contract, și folosesc datele doar pentru serviciul prestat nouă.",
    ),
    section(
      "5. Transferuri în afara Spațiului Economic European",
      "Datele sunt prelucrate în România și în Uniunea Europeană. Nu le transferăm în afara Spațiului Economic European. Dacă un furnizor ar avea nevoie să le prelucreze în afara SEE, o vom face doar cu garanțiile cerute de art. 44–49 GDPR (decizie de adecvare sau clauze contractuale standard) și vom actualiza această pagină.",
    ),
    section(
      "6. Cât timp păstrăm datele",
      `- Datele contului: cât timp ai contul. La ștergerea contului (din Contul meu → Datele mele) ștergem imediat numele, e-mailul, telefonul, adresele, datele firmei și opțiunea pentru noutăți, sesiunile, linkurile de resetare a parolei, coșul, progresul la cursuri și copiile e-mailurilor trimise ție.\n- Comenzile: le păstrăm cât timp păstrăm facturile de care țin; la ștergerea contului le anonimizăm (numele, e-mailul, telefonul, adresa, adresa de livrare și numărul mascat al cardului se șterg; datele unei firme cumpărătoare rămân, fiind necesare facturării).\n- Facturile și notele de stornare: se păstrează exact cum au fost emise, ${RETENTION_POLICY_PHRASES.invoices} (art. 25 din Legea contabilității nr. 82/1991); nu pot fi modificate sau șterse înainte de acest termen.\n- Diplomele: rămân verificabile după cod; la ștergerea contului poți alege să ascundem numele titularului.\n- ${RETENTION_POLICY_PHRASES.sessions} (și la deconectare).\n- Adresa IP folosită la limitarea încercărilor: ${RETENTION_POLICY_PHRASES.rateLimits}.\n- Consimțământul pentru noutăți: până îl retragi (din Contul meu → Datele mele, cu un clic); ${RETENTION_POLICY_PHRASES.consent}.`,
    ),
    section(
      "7. Drepturile tale",
      "Conform art. 15–22 GDPR ai dreptul de acces la date, de rectificare, de ștergere („dreptul de a fi uitat”), de restricționare a prelucrării, la portabilitatea datelor, de opoziție (inclusiv la prelucrarea bazată pe interesul legitim) și dreptul de a-ți retrage oricând consimțământul, fără a afecta prelucrarea făcută înainte.\nCum le exerciți: în Contul meu → Datele mele descarci oricând toate datele tale într-un fișier JSON („Descarcă datele”) și îți ștergi contul („Șterge contul”); datele de profil și adresa le corectezi direct în cont; acordul pentru noutăți îl dai sau îl retragi oricând din Contul meu → Datele mele („Noutăți pe e-mail”), la fel de simplu cum l-ai dat, ori cu un e-mail la {email}. Pentru orice altă cerere ne scrii la {email}: răspundem în cel mult o lună de la primire (termen ce poate fi prelungit cu încă două luni pentru cereri complexe, cu informarea ta).",
    ),
    section(
      "8. Plângere la ANSPDCP",
      "Dacă consideri că îți prelucrăm datele cu încălcarea legii, te rugăm să ne scrii întâi, ca să putem remedia. Ai oricând dreptul să depui o plângere la Autoritatea Națională de Supraveghere a Prelucrării Datelor cu Caracter Personal (ANSPDCP), B-dul G-ral. Gheorghe Magheru nr. 28-30, sector 1, cod poștal 010336, București, www.dataprotection.ro, anspdcp@dataprotection.ro, sau te poți adresa instanței.",
    ),
    section(
      "9. Decizii automate și modificări",
      "Nu luăm decizii bazate exclusiv pe prelucrarea automată, inclusiv crearea de profiluri, care să producă efecte juridice asupra ta (art. 22 GDPR). Putem actualiza această politică atunci când se schimbă serviciile sau legea; data ultimei actualizări apare în partea de sus a paginii.",
    ),
  ],
  cookie: [
    section(
      "Ce sunt cookie-urile",
      "Cookie-urile sunt fișiere mici de text pe care site-ul le salvează în browserul tău și le citește la vizitele următoare. Conform art. 4 alin. (5) din Legea nr. 506/2004, cookie-urile strict necesare pentru serviciul cerut de tine se pot folosi fără acord; toate celelalte doar cu consimțământul tău prealabil.",
    ),
    section(
      "Ce cookie-uri folosim",
      "Site-ul {business} folosește doar cookie-uri proprii (de primă parte), strict necesare: sesiunea de autentificare, recunoașterea dispozitivului de pe care te-ai mai autentificat (ca să nu fii blocat(ă) din cauza încercărilor greșite ale altora), mesajul de confirmare afișat după o acțiune și alegerea ta privind cookie-urile. Fără ele nu te poți autentifica și nu poți comanda. Nu folosim cookie-uri ale terților.",
    ),
    section("Lista cookie-urilor", cookieTableText()),
    section(
      "Cookie-uri de analiză și marketing",
      "În prezent site-ul nu setează cookie-uri de analiză sau de marketing și nu încarcă scripturi ale terților. Dacă le vom introduce, le vom adăuga în lista de mai sus, cu furnizorul și durata lor, și vor fi folosite doar după ce le accepți din bannerul de cookie-uri. Refuzul este la fel de simplu ca acceptarea.",
    ),
    section(
      "Cum îți schimbi alegerea",
      "Îți schimbi oricând alegerea din formularul de mai jos („Preferințele tale privind cookie-urile”). Poți șterge cookie-urile și din setările browserului; dacă ștergi cookie-ul de sesiune, vei fi deconectat(ă). Pentru întrebări ne scrii la {email}; despre datele personale afli mai multe în Politica de confidențialitate.",
    ),
  ],
};

/**
 * Legal page texts that earlier versions of the seed wrote, kept verbatim (placeholders not yet
 * filled) so that `upgradeSeededTermsPages` recognises a page nobody has edited since and
 * replaces it with the current text. Never change these strings: they are what existing
 * databases hold. Add the outgoing text here whenever a seeded page's text changes.
 */
const section = (title: string, description: string) => ({ title, description });

export type SeedSections = Array<{ title: string; description: string }>;

/** The cookie list as the seed of issue 19 (first version) wrote it, frozen. */
const COOKIE_LIST_V1 =
  "__session: Te ține autentificat în cont (necesar). Durată: 30 de zile. Prima parte (setat de site). " +
  "__flash: Afișează mesajul de confirmare după o acțiune, pe pagina următoare (necesar). Durată: sesiunea browserului (se șterge după afișare). Prima parte (setat de site). " +
  "cookie_consent: Ține minte alegerea ta privind cookie-urile opționale (necesar). Durată: 6 luni. Prima parte (setat de site).";

const oldConfidentialitate: SeedSections = [
  section("Ce date prelucrăm", "Numele, adresa de e-mail, telefonul și adresa de facturare, istoricul comenzilor și progresul la cursurile online."),
  section("De ce le prelucrăm", "Pentru a-ți crea contul, a executa comenzile, a emite facturile și, doar cu acordul tău, pentru a-ți trimite noutăți."),
  section(
    "Drepturile tale",
    "Ai dreptul de acces, rectificare, ștergere, restricționare, portabilitate și opoziție, conform Regulamentului (UE) 2016/679. Scrie-ne la {email}. Te poți adresa și ANSPDCP.",
  ),
];

const cookieIntro = section("Ce sunt cookie-urile", "Fișiere mici salvate de browser care ne ajută să ținem minte autentificarea, coșul și preferințele tale.");
const cookieNecessary = section(
  "Cookie-uri necesare",
  "Sesiunea de autentificare, mesajele de confirmare și alegerea ta privind cookie-urile. Fără ele site-ul nu funcționează.",
);
const cookieOptional = section(
  "Cookie-uri de analiză și marketing",
  "Se folosesc doar dacă le accepți din bannerul de cookie-uri. Îți poți schimba oricând alegerea din pagina Politica de cookie-uri.",
);

const digitalContent = section(
  "Conținutul digital",
  "Pentru cursurile online, dreptul de retragere se pierde odată cu începerea accesului la conținut, dacă ți-ai dat acordul expres pentru aceasta la finalizarea comenzii (art. 16 lit. m din OUG 34/2014).",
);

/** Per page key: every earlier seeded version, oldest first. */
export const supersededTermsPages: Record<string, SeedSections[]> = {
  confidentialitate: [oldConfidentialitate],
  cookie: [
    [cookieIntro, cookieNecessary, cookieOptional],
    [cookieIntro, cookieNecessary, section("Lista cookie-urilor", COOKIE_LIST_V1), cookieOptional],
  ],
  "politica-returnare": [
    [
      section("Livrarea produselor", "Produsele se livrează prin curier în 2–4 zile lucrătoare oriunde în România sau se ridică de la sediul academiei din Constanța."),
      section(
        "Dreptul de retragere",
        "Pentru produse ai la dispoziție 14 zile de la primire pentru a te retrage din contract, fără a invoca un motiv, conform OUG 34/2014. Produsele desigilate din motive de igienă nu pot fi returnate.",
      ),
      digitalContent,
    ],
    [
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
      digitalContent,
    ],
  ],
};

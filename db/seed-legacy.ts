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

/** The privacy policy as the seed of issue 19 wrote it (consent for news withdrawn only by e-mail), frozen. */
const confidentialitateV2: SeedSections = [
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
    "- Datele contului: cât timp ai contul. La ștergerea contului (din Contul meu → Datele mele) ștergem imediat numele, e-mailul, telefonul, adresele, datele firmei și opțiunea pentru noutăți, sesiunile, linkurile de resetare a parolei, coșul, progresul la cursuri și copiile e-mailurilor trimise ție.\n- Comenzile: le păstrăm cât timp păstrăm facturile de care țin; la ștergerea contului le anonimizăm (numele, e-mailul, telefonul, adresa, adresa de livrare și numărul mascat al cardului se șterg; datele unei firme cumpărătoare rămân, fiind necesare facturării).\n- Facturile și notele de stornare: se păstrează exact cum au fost emise, cel puțin 10 ani de la sfârșitul exercițiului financiar în care au fost emise (art. 25 din Legea contabilității nr. 82/1991); nu pot fi modificate sau șterse înainte de acest termen.\n- Diplomele: rămân verificabile după cod; la ștergerea contului poți alege să ascundem numele titularului.\n- Sesiunile de autentificare: 30 de zile de la ultima activitate, apoi se șterg automat (și la deconectare).\n- Adresa IP folosită la limitarea încercărilor: doar pe durata ferestrei de limitare (cel mult 60 de minute), apoi se șterge automat în cel mult o oră.\n- Consimțământul pentru noutăți: până îl retragi; alegerea privind cookie-urile: 6 luni, în browserul tău.",
  ),
  section(
    "7. Drepturile tale",
    "Conform art. 15–22 GDPR ai dreptul de acces la date, de rectificare, de ștergere („dreptul de a fi uitat”), de restricționare a prelucrării, la portabilitatea datelor, de opoziție (inclusiv la prelucrarea bazată pe interesul legitim) și dreptul de a-ți retrage oricând consimțământul, fără a afecta prelucrarea făcută înainte.\nCum le exerciți: în Contul meu → Datele mele descarci oricând toate datele tale într-un fișier JSON („Descarcă datele”) și îți ștergi contul („Șterge contul”); datele de profil și adresa le corectezi direct în cont; acordul pentru noutăți îl retragi cu un e-mail la {email}. Pentru orice altă cerere ne scrii la {email}: răspundem în cel mult o lună de la primire (termen ce poate fi prelungit cu încă două luni pentru cereri complexe, cu informarea ta).",
  ),
  section(
    "8. Plângere la ANSPDCP",
    "Dacă consideri că îți prelucrăm datele cu încălcarea legii, te rugăm să ne scrii întâi, ca să putem remedia. Ai oricând dreptul să depui o plângere la Autoritatea Națională de Supraveghere a Prelucrării Datelor cu Caracter Personal (ANSPDCP), B-dul G-ral. Gheorghe Magheru nr. 28-30, sector 1, cod poștal 010336, București, www.dataprotection.ro, anspdcp@dataprotection.ro, sau te poți adresa instanței.",
  ),
  section(
    "9. Decizii automate și modificări",
    "Nu luăm decizii bazate exclusiv pe prelucrarea automată, inclusiv crearea de profiluri, care să producă efecte juridice asupra ta (art. 22 GDPR). Putem actualiza această politică atunci când se schimbă serviciile sau legea; data ultimei actualizări apare în partea de sus a paginii.",
  ),
];

/** /retur as the seed of issue 19 wrote it (early start confirmed by e-mail or at the course), frozen. */
const politicaReturnareV3: SeedSections = [
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
    "Înscrierea la un curs fizic este un contract de prestări servicii încheiat la distanță: te poți retrage fără a invoca un motiv în 14 zile de la încheierea contractului (data comenzii). Dacă te retragi în acest termen și înainte de data de începere a cursului, îți rambursăm integral suma plătită, inclusiv avansul de 500 lei, în cel mult 14 zile de la anunțul tău.\n\nDacă sesiunea aleasă începe înainte de expirarea celor 14 zile, îți cerem să confirmi în scris (pe e-mail sau la începutul cursului) că vrei să începi cursul în perioada de retragere. După această cerere expresă, dacă te retragi după începerea cursului, plătești doar partea deja prestată, proporțional cu zilele de curs ținute (art. 14 alin. (3) din OUG nr. 34/2014). După ce cursul a fost prestat integral nu mai există drept de retragere (art. 16 lit. a).",
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
];

/** Per page key: every earlier seeded version, oldest first. */
export const supersededTermsPages: Record<string, SeedSections[]> = {
  confidentialitate: [oldConfidentialitate, confidentialitateV2],
  cookie: [
    [cookieIntro, cookieNecessary, cookieOptional],
    [cookieIntro, cookieNecessary, section("Lista cookie-urilor", COOKIE_LIST_V1), cookieOptional],
    // The text before issue 26 added the __device cookie.
    [
      section(
        "Ce sunt cookie-urile",
        "Cookie-urile sunt fișiere mici de text pe care site-ul le salvează în browserul tău și le citește la vizitele următoare. Conform art. 4 alin. (5) din Legea nr. 506/2004, cookie-urile strict necesare pentru serviciul cerut de tine se pot folosi fără acord; toate celelalte doar cu consimțământul tău prealabil.",
      ),
      section(
        "Ce cookie-uri folosim",
        "Site-ul {business} folosește doar cookie-uri proprii (de primă parte), strict necesare: sesiunea de autentificare, mesajul de confirmare afișat după o acțiune și alegerea ta privind cookie-urile. Fără ele nu te poți autentifica și nu poți comanda. Nu folosim cookie-uri ale terților.",
      ),
      section("Lista cookie-urilor", COOKIE_LIST_V1),
      section(
        "Cookie-uri de analiză și marketing",
        "În prezent site-ul nu setează cookie-uri de analiză sau de marketing și nu încarcă scripturi ale terților. Dacă le vom introduce, le vom adăuga în lista de mai sus, cu furnizorul și durata lor, și vor fi folosite doar după ce le accepți din bannerul de cookie-uri. Refuzul este la fel de simplu ca acceptarea.",
      ),
      section(
        "Cum îți schimbi alegerea",
        "Îți schimbi oricând alegerea din formularul de mai jos („Preferințele tale privind cookie-urile”). Poți șterge cookie-urile și din setările browserului; dacă ștergi cookie-ul de sesiune, vei fi deconectat(ă). Pentru întrebări ne scrii la {email}; despre datele personale afli mai multe în Politica de confidențialitate.",
      ),
    ],
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
    politicaReturnareV3,
  ],
};

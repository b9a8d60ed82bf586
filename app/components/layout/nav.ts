export const mainNav = [
  { to: "/", label: "Acasă", end: true },
  { to: "/cursuri", label: "Cursuri" },
  { to: "/cursuri-online", label: "Cursuri online" },
  { to: "/produse", label: "Produse" },
  { to: "/about-me", label: "Despre mine" },
  { to: "/contact", label: "Contact" },
] as const;

/** docs/product.md legal pages: route → page key. */
export const legalPages = [
  { to: "/termeni", key: "termeni", label: "Termeni și condiții" },
  { to: "/inscriere", key: "politica-inscriere", label: "Politica de înscriere" },
  { to: "/retur", key: "politica-returnare", label: "Livrare și retur" },
  { to: "/plata", key: "politica-plata", label: "Politica de plată" },
  { to: "/confidentialitate", key: "confidentialitate", label: "Politica de confidențialitate" },
  { to: "/cookie", key: "cookie", label: "Politica de cookie-uri" },
] as const;

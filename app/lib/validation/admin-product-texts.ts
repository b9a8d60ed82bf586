/** The product form's messages, zod-free so the admin page shows them without loading zod (schema: admin-product.ts). */
export const PRODUCT_MESSAGES = {
  titleRequired: "Titlul este obligatoriu.",
  badKey: "Fișier invalid: încarcă-l din nou.",
  created: "Produs creat cu succes",
  updated: "Produs actualizat cu succes",
  saveFailed: "Eroare la salvarea produsului",
  deleted: "Produsul a fost șters.",
  deleteFailed: "Eroare la ștergerea produsului.",
  published: "Produsul a fost publicat.",
  unpublished: "Produsul a fost ascuns din magazin.",
  confirmDelete: "Sigur vrei să ștergi acest produs?",
} as const;

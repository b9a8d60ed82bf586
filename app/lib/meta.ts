/** Page titles: "<page> – <brand>", the brand taken from the root loader's business data. */
export function pageTitle(matches: ReadonlyArray<{ id: string; data?: unknown }>, title: string): string {
  const root = matches.find((match) => match.id === "root")?.data as { business?: { brand?: string } } | undefined;
  const brand = root?.business?.brand;
  return brand ? `${title} – ${brand}` : title;
}

/** Meta tags of a private page (login, account): a title and no indexing. */
export function privatePageMeta(matches: ReadonlyArray<{ id: string; data?: unknown }>, title: string) {
  return [{ title: pageTitle(matches, title) }, { name: "robots", content: "noindex, nofollow" }];
}

/** Meta tags of an error page (404, 403, 500): a plain title and no indexing. */
export function errorPageMeta(status: number) {
  const title = status === 404 ? "Pagina nu a fost găsită" : status === 403 ? "Acces interzis" : "A apărut o eroare";
  return [{ title }, { name: "robots", content: "noindex" }];
}

/** The error page's meta when the route failed (`error` from the meta arguments), else null. */
export function errorMetaFor(error: unknown) {
  if (!error) return null;
  const status = typeof error === "object" && error !== null && "status" in error && typeof error.status === "number" ? error.status : 500;
  return errorPageMeta(status);
}

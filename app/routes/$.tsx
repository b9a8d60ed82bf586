/** Any path no other route matches: the Romanian not-found page, status 404. */
export function loader() {
  throw new Response("Pagina nu a fost găsită", { status: 404 });
}

export default function NotFound() {
  return null;
}

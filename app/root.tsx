import { data, type HeadersFunction, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useMatches,
  useNavigation,
  useRouteLoaderData,
} from "@remix-run/react";
import { useEffect, type ReactNode } from "react";
import { ConsentScripts } from "~/components/layout/ConsentScripts";
import { errorBoundary } from "~/components/ErrorState";
import { CookieBanner } from "~/components/layout/CookieBanner";
import { SiteFooter } from "~/components/layout/SiteFooter";
import { SiteHeader } from "~/components/layout/SiteHeader";
import { Toasts } from "~/components/layout/Toasts";
import { useNonce } from "~/components/nonce";
import { Stylesheet } from "~/components/stylesheet";
import { getConfig } from "~/config.server";
import { getUser } from "~/models/session.server";
import { readConsent } from "~/services/consent.server";
import { hydrationMode } from "~/lib/route-handle";
import { START_AFTER_PAINT, START_ON_INTERACTION } from "~/lib/start-scripts.server";
import { releaseHeldEvents } from "~/lib/hydration-guard";
import { readToast } from "~/services/toast.server";
import { PAGE_KEYS } from "~/lib/page-keys";
import { errorPageMeta } from "~/lib/meta";
import styles from "~/styles/app.css";
import { FAVICON_URL } from "~/lib/favicon";

export const FONT_URL = "/fonts/playfair-display-600-ro.woff2";

export const STYLESHEET_URL: string = styles;


// The stylesheet is not here: <Stylesheet> in the Layout inlines its critical rules or links it.
export const links: LinksFunction = () => [
  { rel: "preload", href: FONT_URL, as: "font", type: "font/woff2", crossOrigin: "anonymous" },
  { rel: "icon", href: FAVICON_URL, type: "image/svg+xml" },
];

/** Once per request: the user, the cart badge, the cookie choice and a pending toast. */
export async function loader({ request }: LoaderFunctionArgs) {
  const config = getConfig();
  const [user, consent, { toast, setCookie }] = await Promise.all([
    getUser(request),
    readConsent(request),
    readToast(request),
  ]);
  const headers = new Headers();
  if (setCookie) headers.append("Set-Cookie", setCookie);
  // Personal pages are never stored; a guest's page may be shared by caches keyed on cookies.
  headers.set(
    "Cache-Control",
    user || toast ? "private, no-store" : "public, max-age=0, s-maxage=60, stale-while-revalidate=300",
  );
  headers.set("Vary", "Cookie");
  const { name, brand, cui, regCom, address, phone, email, instagram, facebook } = config.business;
  return data(
    {
      user: user ? { name: user.name, role: user.role } : null,
      cartCount: user?.cartCount ?? 0,
      consent,
      toast,
      business: { name, brand, cui, regCom, address, phone, email, instagram, facebook },
      publicUrl: config.publicUrl,
    },
    { headers });
}

export const headers: HeadersFunction = ({ loaderHeaders }) => ({
  "Cache-Control": loaderHeaders.get("Cache-Control") ?? "private, no-store",
  Vary: "Cookie",
});

export const meta: MetaFunction = ({ error }) => {
  if (error) return errorPageMeta(isRouteErrorResponse(error) ? error.status : 500);
  return DEFAULT_META;
};

const DEFAULT_META = [
  { title: "Ana Nails Academy – cursuri de manichiură în Constanța" },
  {
    name: "description",
    content: "Cursuri de manichiură acreditate în Constanța, cursuri online și produse profesionale pentru unghii.",
  },
];

export type RootData = ReturnType<typeof useRootData>;
export function useRootData() {
  return useRouteLoaderData<typeof loader>("root");
}

/** With JavaScript, a thin progress bar and a screen-reader text while the next page loads. */
function NavigationProgress() {
  const navigation = useNavigation();
  if (navigation.state !== "loading") return null;
  const text = navigation.location.pathname === "/cart" ? "Se încarcă coșul tău..." : "Se încarcă...";
  return (
    <div className="nav-progress" role="status">
      <span className="visually-hidden">{text}</span>
    </div>
  );
}

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  const data = useRootData();
  // In the browser the app is already running: keep the scripts and ScrollRestoration mounted,
  // or navigating to a content-only page would drop the scroll-to-top. On the server the
  // page's handle decides (see route-handle.ts).
  const matches = useMatches();
  const mode = typeof document !== "undefined" ? "eager" : hydrationMode(matches);
  // Past RemixBrowser's wait for the page's data: React may take events again (lib/hydration-guard.ts).
  if (typeof document !== "undefined") releaseHeldEvents();
  useEffect(() => {
    // A marker for tests and tools: React has taken over the page.
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return (
    <html lang="ro">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#b8325a" />
        <Meta />
        <Links />
        <Stylesheet href={styles} />
      </head>
      <body>
        <a href="#continut" className="skip-link">
          Sari la conținut
        </a>
        {/* Early in the document (right after the skip link) so keyboard users reach it first;
            it is still shown at the bottom of the window (issue 20 item 4). */}
        {data && !data.consent ? <CookieBanner /> : null}
        {data ? <SiteHeader brand={data.business.brand} user={data.user} cartCount={data.cartCount} /> : null}
        <NavigationProgress />
        <Toasts toast={data?.toast ?? null} />
        <div id="continut" className="site-main" tabIndex={-1}>
          {children}
        </div>
        {data ? <SiteFooter business={data.business} /> : null}
        <ConsentScripts consent={data?.consent ?? null} />
        {/* Escape, Tab and focus rules of every page, with or without the app's scripts. */}
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: PAGE_KEYS }} />
        {mode === "eager" ? (
          <>
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        ) : mode === "on-interaction" || mode === "after-paint" ? (
          <>
            <template id="app-scripts">
              <ScrollRestoration nonce={nonce} />
              <Scripts nonce={nonce} />
            </template>
            <script nonce={nonce} dangerouslySetInnerHTML={{ __html: mode === "after-paint" ? START_AFTER_PAINT : START_ON_INTERACTION }} />
          </>
        ) : null}
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export const ErrorBoundary = errorBoundary("site");

/** /cursuri — physical courses (docs/product.md §2 Course lists, §4 button text). */
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { errorBoundary } from "~/components/ErrorState";
import { errorMetaFor } from "~/lib/meta";
import { publicUrlFrom, seo } from "~/lib/seo";
import { STATIC_PAGE } from "~/lib/route-handle";
import { type CatalogueTexts, CourseCataloguePage, courseCatalogueLoader } from "~/routes/+shared/course-catalogue";

/** Pure content: no JavaScript on a first load (see route-handle.ts). */
export const handle = STATIC_PAGE;

export const loader = (args: LoaderFunctionArgs) => courseCatalogueLoader("physical", args);

const TEXTS: CatalogueTexts = {
  eyebrow: "Cursuri în sală · Constanța",
  title: "Cursuri de manichiură și pedichiură",
  lead: "Grupe mici, de cel mult 4 cursante, lucru pe modele reale și materiale incluse. Alege cursul potrivit nivelului tău, de la primii pași până la tehnici avansate.",
  empty: "Nu sunt cursuri disponibile.",
  other: {
    to: "/cursuri-online",
    emptyLink: "Vezi cursurile online",
    calloutId: "callout-online",
    icon: "play",
    title: "Nu poți ajunge în Constanța?",
    text: "Învață de acasă, în ritmul tău, cu lecțiile video ale cursurilor online.",
    button: "Cursuri online",
  },
};

export default function PhysicalCourses() {
  return <CourseCataloguePage texts={TEXTS} />;
}

export const meta: MetaFunction = ({ matches, error }) =>
  errorMetaFor(error) ??
  seo({
    title: "Cursuri de manichiură în Constanța",
    description:
      "Cursuri de manichiură, construcție cu gel și pedichiură în Constanța, în grupe mici, cu diplomă acreditată și posibilitate de plată în avans.",
    path: "/cursuri",
    publicUrl: publicUrlFrom(matches),
  });

export const ErrorBoundary = errorBoundary("courses");

/** /cursuri-online — online courses (docs/product.md §2 Course lists, §4 button text). */
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { errorBoundary } from "~/components/ErrorState";
import { errorMetaFor } from "~/lib/meta";
import { publicUrlFrom, seo } from "~/lib/seo";
import { STATIC_PAGE } from "~/lib/route-handle";
import { type CatalogueTexts, CourseCataloguePage, courseCatalogueLoader } from "~/routes/+shared/course-catalogue";

/** Pure content: no JavaScript on a first load (see route-handle.ts). */
export const handle = STATIC_PAGE;

export const loader = (args: LoaderFunctionArgs) => courseCatalogueLoader("online", args);

const TEXTS: CatalogueTexts = {
  eyebrow: "Cursuri online",
  title: "Învață de acasă, în ritmul tău",
  lead: "Lecții video filmate în salon, explicate pas cu pas, cu fișe de lucru descărcabile. Le urmărești de pe telefon sau calculator și primești diploma de participare la final.",
  empty: "Nu sunt cursuri online disponibile.",
  other: {
    to: "/cursuri",
    emptyLink: "Vezi cursurile în sală",
    calloutId: "callout-sala",
    icon: "award",
    title: "Vrei să lucrezi pe modele reale?",
    text: "La cursurile din Constanța lucrezi sub îndrumarea formatoarei și pleci cu diplomă acreditată.",
    button: "Cursuri în sală",
  },
};

export default function OnlineCourses() {
  return <CourseCataloguePage texts={TEXTS} />;
}

export const meta: MetaFunction = ({ matches, error }) =>
  errorMetaFor(error) ??
  seo({
    title: "Cursuri online de manichiură",
    description:
      "Cursuri video de manichiură și nail art, cu lecții pas cu pas, fișe de lucru și diplomă de participare. Acces nelimitat sau pe perioadă aleasă.",
    path: "/cursuri-online",
    publicUrl: publicUrlFrom(matches),
  });

export const ErrorBoundary = errorBoundary("onlineCourses");

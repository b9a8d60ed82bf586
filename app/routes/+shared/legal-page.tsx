/**
 * The six legal pages (docs/product.md §2 "Legal pages"): one view, six thin route modules. Sections are
 * plain text (line breaks kept by CSS, never HTML). Admins edit inline on the page itself
 * (docs/product.md §4): "Modifică" (or "Creează pagina" when missing) opens `?editeaza=1`, where each
 * section's title and description are inputs, "+ Adaugă secțiune" and "×" are conform list
 * intents (plain form posts without JavaScript), and "Salvează" / "Renunță" finish.
 */
import type { SubmissionResult } from "@conform-to/react";
import type { MetaFunction, SerializeFrom } from "@remix-run/node";
import { Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
import { Field, FieldErrors, TextareaField } from "~/components/ui/Field";
import { FormAlert } from "~/components/ui/FormAlert";
import { Breadcrumbs } from "~/components/Breadcrumbs";
import { legalPages } from "~/components/layout/nav";
import { formatDate } from "~/lib/dates";
import { HYDRATE_AFTER_PAINT } from "~/lib/route-handle";
import { errorSeo, publicUrlFrom, seo, summarize } from "~/lib/seo";
import { ValidatedForm } from "~/components/ui/ValidatedForm";
import { useZodForm } from "~/components/ui/useZodForm";
import type { legalAction, legalLoader } from "./legal-page.server";

/** What the legal routes' loader gives the view (the page, and the admin's edit mode). */
export type LegalPageData = SerializeFrom<typeof legalLoader>;

export const PAGE_MISSING = "Pagină inexistentă";

export function LegalPageView({
  page,
  toolbar,
  editor,
  children,
}: {
  page: LegalPageData;
  /** Admin buttons (Modifică…), shown under the title. */
  toolbar?: ReactNode;
  /** Replaces the sections while editing. */
  editor?: ReactNode;
  /** Extra content after the sections (e.g. the cookie preferences form). */
  children?: ReactNode;
}) {
  const others = legalPages.filter((p) => p.key !== page.pageKey);
  return (
    <main className="page container legal">
      <Breadcrumbs items={[{ label: "Acasă", to: "/" }, { label: page.title }]} />
      <header className="page-header legal__header">
        <p className="eyebrow">{page.exists ? "Informații legale" : page.title}</p>
        <h1>{page.exists ? page.title : page.editing ? `Creează: ${page.title}` : PAGE_MISSING}</h1>
        {page.updatedAt ? <p className="muted">Ultima actualizare: {formatDate(page.updatedAt)}</p> : null}
        {toolbar}
      </header>
      {editor ?? (page.exists ? <LegalSections sections={page.sections} /> : <MissingPage />)}
      {children}
      <nav className="legal__others" aria-labelledby="alte-informatii">
        <h2 id="alte-informatii" className="legal__others-title">
          Alte informații utile
        </h2>
        <ul>
          {others.map((p) => (
            <li key={p.key}>
              <Link to={p.to} prefetch="intent">
                {p.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </main>
  );
}

function LegalSections({ sections }: { sections: LegalPageData["sections"] }) {
  if (sections.length === 0) {
    return <p className="lead">Conținutul acestei pagini va fi publicat în curând.</p>;
  }
  return (
    <div className="legal__layout">
      {sections.length > 2 ? (
        <nav className="legal__toc" aria-labelledby="cuprins">
          <h2 id="cuprins" className="legal__toc-title">
            Cuprins
          </h2>
          <ul>
            {sections.map((section, index) => (
              <li key={index}>
                <a href={`#sectiunea-${index + 1}`}>{section.title || `Secțiunea ${index + 1}`}</a>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      <div className="prose legal__sections">
        {sections.map((section, index) => (
          <section key={index} id={`sectiunea-${index + 1}`} className="legal__section">
            {section.title ? <h2>{section.title}</h2> : null}
            <p>{section.description}</p>
          </section>
        ))}
      </div>
    </div>
  );
}

function MissingPage() {
  return (
    <div className="empty-state">
      <p>Această pagină nu a fost publicată încă.</p>
      <Link to="/contact" className="button button--ghost">
        Contactează-ne
      </Link>
    </div>
  );
}

// ─── Admin: inline editing ───────────────────────────────────────────────────────────────────

function AdminToolbar({ page }: { page: LegalPageData }) {
  if (!page.canEdit || page.editing) return null;
  return (
    <p className="legal__toolbar">
      <Link to={`${page.path}?editeaza=1`} className="button button--dark button--small" rel="nofollow">
        {page.exists ? "Modifică" : "Creează pagina"}
      </Link>
    </p>
  );
}

const EMPTY_SECTION = { title: "", description: "" };

function LegalEditor({ page, lastResult, error }: { page: LegalPageData; lastResult?: SubmissionResult<string[]> | null; error?: string | null }) {
  const { form, fields, formProps } = useZodForm({
    id: `legal-${page.pageKey}`,
    schema: () => import("~/lib/validation/browser").then((m) => m.termsFormSchema),
    constraint: page.constraint,
    lastResult,
    defaultValue: { sections: page.sections.length ? page.sections : [EMPTY_SECTION] },
  });
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formData?.get("__intent__") == null;
  const sections = fields.sections.getFieldList();
  return (
    <ValidatedForm form={form} formProps={formProps} action={`${page.path}?editeaza=1`} className="legal-editor">
      {/* Enter in a title submits with this (first) button: a save, never a "×". */}
      <button type="submit" className="visually-hidden" tabIndex={-1} aria-hidden="true">
        Salvează
      </button>
      <input type="hidden" name="mode" value={page.exists ? "update" : "create"} />
      {error ? (
        <FormAlert messages={[error]}>
          <p>
            <button type="submit" className="button button--light button--small">
              Reîncearcă
            </button>
          </p>
        </FormAlert>
      ) : null}
      <FormAlert id={form.errorId} messages={form.errors} />
      <p className="muted">Textul se afișează exact cum îl scrii (fără HTML). Secțiunile fără titlu și fără text nu se salvează.</p>
      <ol className="legal-editor__sections">
        {sections.map((section, index) => {
          const f = section.getFieldset();
          return (
            <li key={section.key} className="legal-editor__section" data-testid="legal-section-editor">
              <div className="legal-editor__head">
                <span className="legal-editor__number">Secțiunea {index + 1}</span>
                <button
                  {...form.remove.getButtonProps({ name: fields.sections.name, index })}
                  className="icon-action icon-action--danger"
                  aria-label={`Elimină secțiunea ${index + 1}`}
                  title="Elimină secțiunea"
                >
                  ×
                </button>
              </div>
              <Field meta={f.title} label={`Titlul secțiunii ${index + 1}`} />
              <TextareaField meta={f.description} label={`Textul secțiunii ${index + 1}`} rows={6} />
            </li>
          );
        })}
      </ol>
      <FieldErrors id={fields.sections.errorId} errors={fields.sections.errors} />
      <p>
        <button {...form.insert.getButtonProps({ name: fields.sections.name, defaultValue: EMPTY_SECTION })} className="button button--light button--small">
          + Adaugă secțiune
        </button>
      </p>
      <div className="form-actions legal-editor__actions">
        <button type="submit" className="button button--primary" disabled={saving}>
          {saving ? "Se salvează…" : page.exists ? "Salvează" : "Creează pagina"}
        </button>
        <Link to={page.path} className="button button--light">
          Renunță
        </Link>
      </div>
    </ValidatedForm>
  );
}

/** The toolbar and editor slots of LegalPageView for this request (admins only). */
export function useLegalAdminSlots(page: LegalPageData): { toolbar?: ReactNode; editor?: ReactNode } {
  const actionData = useActionData<typeof legalAction>();
  if (!page.canEdit) return {};
  return {
    toolbar: <AdminToolbar page={page} />,
    editor: page.editing ? <LegalEditor page={page} lastResult={actionData?.result} error={actionData?.error} /> : undefined,
  };
}

/** Default route component: the page from the loader (with the admin's edit mode). */
export function LegalPage() {
  const page = useLoaderData<typeof legalLoader>();
  const slots = useLegalAdminSlots(page);
  return <LegalPageView page={page} {...slots} />;
}

/** The legal pages show their text before their scripts, which start after the first paint (route-handle.ts). */
export const legalHandle = HYDRATE_AFTER_PAINT;

export const legalMeta: MetaFunction = ({ data, matches }) => {
  const publicUrl = publicUrlFrom(matches);
  const page = data as LegalPageData | undefined;
  if (!page) return errorSeo(publicUrl, false);
  if (!page.exists) return errorSeo(publicUrl, true);
  const first = page.sections[0];
  return seo({
    title: page.title,
    description: summarize(first ? `${first.title}. ${first.description}` : page.title),
    path: page.path,
    publicUrl,
    type: "article",
  });
};


/** An on-screen rendition of the diploma (the PDF is the document; this is its preview). */
import { formatDate } from "~/lib/dates";
import { formatDiplomaCode } from "~/lib/diploma";

export interface DiplomaView {
  code: string;
  holderName: string;
  courseTitle: string;
  completedOn: string;
}

export function DiplomaPreview({ diploma, brand, trainer }: { diploma: DiplomaView; brand: string; trainer?: string }) {
  return (
    <figure className="diploma-preview" aria-label={`Diploma lui ${diploma.holderName}`}>
      <div className="diploma-preview__inner">
        <p className="diploma-preview__brand">{brand}</p>
        <p className="diploma-preview__title">Diplomă</p>
        <p className="diploma-preview__subtitle">de absolvire a cursului online</p>
        <p className="diploma-preview__label">Se acordă</p>
        <p className="diploma-preview__name" data-testid="diploma-holder">
          {diploma.holderName}
        </p>
        <p className="diploma-preview__label">pentru finalizarea cu succes a cursului</p>
        <p className="diploma-preview__course" data-testid="diploma-course">
          {diploma.courseTitle}
        </p>
        <p className="diploma-preview__date">
          încheiat la data de <span data-testid="diploma-date">{formatDate(diploma.completedOn)}</span>
        </p>
        <div className="diploma-preview__footer">
          {trainer ? <span className="diploma-preview__trainer">{trainer}</span> : <span />}
          <span className="diploma-preview__code">
            Cod <strong data-testid="diploma-code">{formatDiplomaCode(diploma.code)}</strong>
          </span>
        </div>
      </div>
    </figure>
  );
}

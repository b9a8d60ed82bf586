import type { ReactNode } from "react";
import { Icon } from "~/components/ui/Icon";

/**
 * Course detail page: on phones header, image, purchase card, then the content; on wide
 * screens the purchase card stays in a sticky column on the right.
 */
export function CourseDetailLayout({
  breadcrumbs,
  header,
  media,
  aside,
  children,
}: {
  breadcrumbs: ReactNode;
  header: ReactNode;
  media: ReactNode;
  aside: ReactNode;
  children: ReactNode;
}) {
  return (
    <main className="page container course-detail">
      {breadcrumbs}
      <div className="course-detail__layout">
        <header className="course-detail__header">{header}</header>
        <div className="course-detail__media">{media}</div>
        <aside className="course-detail__aside" aria-labelledby="inscriere-titlu">
          {aside}
        </aside>
        <div className="course-detail__content">{children}</div>
      </div>
    </main>
  );
}

/** docs/product.md §2/§9: 10% off for those who already did the basic course. */
export function DiscountNotice({ email }: { email: string }) {
  return (
    <div className="discount-note">
      <Icon name="star" size={20} />
      <p>
        <strong>10% reducere</strong> dacă ai absolvit deja cursul de bază la noi. Scrie-ne la{" "}
        <a href={`mailto:${email}`}>{email}</a> înainte de plată și îți aplicăm reducerea.
      </p>
    </div>
  );
}

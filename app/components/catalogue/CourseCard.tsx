import { Link } from "@remix-run/react";
import { Icon } from "~/components/ui/Icon";
import { COURSE_BUTTON_LABELS, courseHref, courseListHref } from "~/lib/course-actions";
import { formatDate } from "~/lib/dates";
import type { CourseCardView } from "~/lib/catalogue-views";
import { CARD_SIZES } from "~/lib/images";
import { periodLabel } from "~/lib/course-quote";
import { CatalogueImage } from "./CatalogueImage";
import { Price } from "./Price";

export type { CourseCardView };

/** `priority`: the first card of a list, whose image is the page's largest paint on a phone. */
export function CourseCard({ course, headingLevel = 2, priority = false }: { course: CourseCardView; headingLevel?: 2 | 3; priority?: boolean }) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const href = courseHref(course.kind, course.id);
  const buttonHref = courseListHref(course.kind, course.id, course.button);
  return (
    <article className="card product-card course-card">
      <div className="product-card__media">
        <CatalogueImage image={course.image} alt="" sizes={CARD_SIZES} priority={priority} />
      </div>
      <div className="product-card__body">
        {course.category ? <p className="course-card__category">{course.category}</p> : null}
        <Heading className="product-card__title">
          <Link to={href} prefetch="intent">
            {course.title}
          </Link>
        </Heading>
        {course.secondTitle ? <p className="product-card__subtitle">{course.secondTitle}</p> : null}
        {/* Online cards have no meta line: "Curs video, în ritmul tău" only repeated the subtitle (issue 20). */}
        {course.kind === "physical" && (course.durationDays || course.nextSessionOn) ? (
          <ul className="meta-list meta-list--compact">
            {course.durationDays ? (
              <li>
                <Icon name="clock" size={18} /> {periodLabel(course.durationDays)} de curs
              </li>
            ) : null}
            {course.nextSessionOn ? (
              <li>
                <Icon name="calendar" size={18} /> Următoarea grupă: {formatDate(course.nextSessionOn)}
              </li>
            ) : null}
          </ul>
        ) : null}
        <div className="product-card__footer">
          <Price bani={course.fromPriceBani} from={course.severalPrices} oldBani={course.price2Bani} lowestBani={course.lowest30Bani} />
          <Link
            to={buttonHref}
            className={`button button--small ${course.button === "details" ? "button--dark" : course.button === "continue" ? "button--primary" : "button--light"}`}
            prefetch={course.button === "details" ? "intent" : "none"}
          >
            {COURSE_BUTTON_LABELS[course.button]}
          </Link>
        </div>
      </div>
    </article>
  );
}

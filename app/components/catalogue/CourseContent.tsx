import type { Chapter, CourseDay } from "~/lib/course-content";

/** docs/product.md §2 Course detail: expandable chapters with their sub-chapter details. */
export function ChapterList({ chapters }: { chapters: Chapter[] }) {
  if (chapters.length === 0) return null;
  return (
    <div className="chapter-list">
      {chapters.map((chapter, index) => (
        <details key={chapter.id} className="disclosure" open={index === 0}>
          <summary>
            <span>
              <span className="chapter-list__number">{String(index + 1).padStart(2, "0")}</span>
              {chapter.title || `Capitol ${index + 1}`}
            </span>
          </summary>
          <div className="disclosure__body">
            {chapter.details.length ? (
              <ul>
                {chapter.details.map((detail) => (
                  <li key={detail.id}>{detail.text}</li>
                ))}
              </ul>
            ) : (
              <p>Detaliile capitolului vor fi adăugate în curând.</p>
            )}
          </div>
        </details>
      ))}
    </div>
  );
}

/** Physical courses: the programme day by day with its activities. */
export function DayList({ days }: { days: CourseDay[] }) {
  if (days.length === 0) return null;
  return (
    <ol className="day-list">
      {days.map((day, index) => (
        <li key={day.id} className="day-list__item">
          <span className="day-list__marker" aria-hidden="true">
            {index + 1}
          </span>
          <div>
            <h3 className="day-list__title">{day.title}</h3>
            {day.activities.length ? (
              <ul className="day-list__activities">
                {day.activities.map((activity, i) => (
                  <li key={i}>{activity}</li>
                ))}
              </ul>
            ) : null}
          </div>
        </li>
      ))}
    </ol>
  );
}

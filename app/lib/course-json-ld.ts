/**
 * The schema.org data of a physical course's page (/cursuri/curs/:id): a Course with its RON
 * offers and one CourseInstance per coming session (issue 28). Dates carry Bucharest's offset
 * for that day (+02:00 in winter, +03:00 in summer), so a reader in another zone gets the
 * academy's hours. Cancelled sessions are left out — the page lists only coming sessions that
 * are not cancelled (models/course-session.server.ts `listComingSessions`), and closed ones are
 * not offered either — so every instance is EventScheduled; a full one has 0 places remaining.
 */
import { bucharestDateTime } from "./bucharest-time";
import { periodLabel } from "./course-quote";
import { absoluteUrl, schemaPrice, summarize } from "./seo";

export interface CourseJsonLdInput {
  course: {
    title: string;
    secondTitle: string | null;
    thirdTitle: string | null;
    image: { src: string } | null;
    nextSessionOn: string | null;
    durationDays: number | null;
  };
  choices: ReadonlyArray<{ days: number | null; amountBani: number }>;
  sessions: ReadonlyArray<{ days: number; startsOn: string; endsOn: string; hours: string; place: string; capacity: number; seatsLeft: number }>;
  business: { brand: string; address: string } | null | undefined;
  publicUrl: string;
  /** The page's absolute address. */
  url: string;
}

/** "09:00–17:00" → ["09:00", "17:00"]. */
function splitHours(hours: string): [string, string] {
  return [hours.slice(0, 5), hours.slice(-5)];
}

type CourseJsonLdBase = Pick<CourseJsonLdInput, "course" | "choices" | "business" | "publicUrl" | "url">;

/**
 * A course page's schema.org Course with its RON offers (both kinds of course): `offerName` names
 * an offer by its days (a period or an access), `instances` is the hasCourseInstance value.
 */
export function courseJsonLd({ course, choices, business, publicUrl, url }: CourseJsonLdBase, offerName: (days: number | null) => string, instances: unknown) {
  return {
    "@context": "https://schema.org",
    "@type": "Course",
    name: course.title,
    description: summarize(course.thirdTitle || course.secondTitle || course.title, 300),
    url,
    ...(course.image ? { image: absoluteUrl(publicUrl, course.image.src) } : {}),
    inLanguage: "ro",
    provider: { "@type": "Organization", name: business?.brand ?? "", url: publicUrl },
    offers: choices.map((choice) => ({
      "@type": "Offer",
      name: offerName(choice.days),
      price: schemaPrice(choice.amountBani),
      priceCurrency: "RON",
      category: choice.amountBani === 0 ? "Free" : "Paid",
      availability: "https://schema.org/InStock",
      url,
    })),
    hasCourseInstance: instances,
  };
}

export function physicalCourseJsonLd(input: CourseJsonLdInput) {
  const { course, sessions, business } = input;
  return courseJsonLd(
    input,
    periodLabel,
    sessions.length
      ? sessions.map((s) => {
          const [start, end] = splitHours(s.hours);
          return {
            "@type": "CourseInstance",
            courseMode: "Onsite",
            startDate: bucharestDateTime(s.startsOn, start),
            endDate: bucharestDateTime(s.endsOn, end),
            courseSchedule: { "@type": "Schedule", duration: `P${s.days}D`, repeatFrequency: "P1D", startDate: s.startsOn, endDate: s.endsOn },
            location: { "@type": "Place", name: business?.brand ?? s.place, address: s.place },
            maximumAttendeeCapacity: s.capacity,
            remainingAttendeeCapacity: s.seatsLeft,
            eventStatus: "https://schema.org/EventScheduled",
          };
        })
      : {
          "@type": "CourseInstance",
          courseMode: "Onsite",
          ...(course.nextSessionOn ? { startDate: course.nextSessionOn } : {}),
          ...(course.durationDays ? { courseWorkload: `P${course.durationDays}D` } : {}),
          ...(business ? { location: { "@type": "Place", name: business.brand, address: business.address } } : {}),
        },
  );
}

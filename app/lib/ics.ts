/**
 * iCalendar (RFC 5545) for an in-person session: one VEVENT whose first day is DTSTART/DTEND and
 * whose other days are RDATEs, in local Europe/Bucharest time with the zone's VTIMEZONE (EET/EEST
 * rules), so every calendar shows the academy's hours whatever the reader's zone. The UID is
 * stable per booking (order line + session) and SEQUENCE grows with each update sent for it
 * (models/session-calendar.server.ts `bookingSequence`), so a moved session updates the same event
 * and a cancelled one (METHOD:CANCEL, STATUS:CANCELLED) removes it.
 */
export type IcsMethod = "PUBLISH" | "REQUEST" | "CANCEL";

export interface SessionIcsInput {
  method: IcsMethod;
  uid: string;
  sequence: number;
  /** YYYY-MM-DD, ascending. */
  dates: readonly string[];
  /** HH:MM local time. */
  startTime: string;
  endTime: string;
  summary: string;
  description: string;
  location: string;
  organizer: { name: string; email: string };
  attendee?: { name: string; email: string } | null;
  url?: string;
  stamp: Date;
}

const TZID = "Europe/Bucharest";

const VTIMEZONE = [
  "BEGIN:VTIMEZONE",
  `TZID:${TZID}`,
  "BEGIN:DAYLIGHT",
  "TZOFFSETFROM:+0200",
  "TZOFFSETTO:+0300",
  "TZNAME:EEST",
  "DTSTART:19700329T030000",
  "RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU",
  "END:DAYLIGHT",
  "BEGIN:STANDARD",
  "TZOFFSETFROM:+0300",
  "TZOFFSETTO:+0200",
  "TZNAME:EET",
  "DTSTART:19701025T040000",
  "RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU",
  "END:STANDARD",
  "END:VTIMEZONE",
];

/** TEXT value escaping (RFC 5545 §3.3.11). */
export function escapeIcsText(value: string): string {
  return value.replace(/\\/g, "\\\\").replace(/;/g, "\\;").replace(/,/g, "\\,").replace(/\r?\n/g, "\\n");
}

/** Folds a content line at 75 octets (continuation lines start with a space), never inside a UTF-8 character. */
export function foldIcsLine(line: string): string {
  const out: string[] = [];
  let current = "";
  let octets = 0;
  for (const ch of line) {
    const size = new TextEncoder().encode(ch).length;
    const limit = out.length === 0 ? 75 : 74;
    if (octets + size > limit) {
      out.push(current);
      current = "";
      octets = 0;
    }
    current += ch;
    octets += size;
  }
  out.push(current);
  return out.join("\r\n ");
}

const local = (date: string, time: string) => `${date.replace(/-/g, "")}T${time.replace(":", "")}00`;

function utcStamp(d: Date): string {
  return d.toISOString().replace(/[-:]/g, "").replace(/\.\d{3}/, "");
}

export function sessionIcs(input: SessionIcsInput): string {
  const [first, ...rest] = input.dates;
  const event = [
    "BEGIN:VEVENT",
    `UID:${input.uid}`,
    `SEQUENCE:${input.sequence}`,
    `DTSTAMP:${utcStamp(input.stamp)}`,
    `DTSTART;TZID=${TZID}:${local(first, input.startTime)}`,
    `DTEND;TZID=${TZID}:${local(first, input.endTime)}`,
    ...(rest.length ? [`RDATE;TZID=${TZID}:${rest.map((d) => local(d, input.startTime)).join(",")}`] : []),
    `SUMMARY:${escapeIcsText(input.summary)}`,
    `DESCRIPTION:${escapeIcsText(input.description)}`,
    `LOCATION:${escapeIcsText(input.location)}`,
    `ORGANIZER;CN=${quoteParam(input.organizer.name)}:mailto:${input.organizer.email}`,
    ...(input.attendee ? [`ATTENDEE;CN=${quoteParam(input.attendee.name)};ROLE=REQ-PARTICIPANT;PARTSTAT=ACCEPTED:mailto:${input.attendee.email}`] : []),
    ...(input.url ? [`URL:${input.url}`] : []),
    `STATUS:${input.method === "CANCEL" ? "CANCELLED" : "CONFIRMED"}`,
    "TRANSP:OPAQUE",
    "END:VEVENT",
  ];
  const lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Academia//Sesiuni//RO", "CALSCALE:GREGORIAN", `METHOD:${input.method}`, ...VTIMEZONE, ...event, "END:VCALENDAR"];
  return `${lines.map(foldIcsLine).join("\r\n")}\r\n`;
}

/** A parameter value in double quotes (no quotes, control characters inside). */
function quoteParam(value: string): string {
  return `"${value.replace(/["\r\n]/g, "")}"`;
}

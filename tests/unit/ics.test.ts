import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import { escapeIcsText, foldIcsLine, sessionIcs } from "~/lib/ics";

const base = {
  method: "REQUEST" as const,
  uid: "sesiune-7-abc@example.com",
  sequence: 2,
  dates: ["2027-06-05", "2027-06-06", "2027-06-12"],
  startTime: "10:00",
  endTime: "16:30",
  summary: "Manichiură; tehnici, noi – Ana Nails Academy",
  description: "De adus: pile, pensule\nÎntrebări: 0722 123 456",
  location: "Str. Ștefan cel Mare nr. 45, Constanța 900178, România, sala de la etajul întâi, ușa din stânga",
  organizer: { name: "Ana Nails Academy", email: "contact@example.com" },
  attendee: { name: "Maria Popescu", email: "maria@example.com" },
  stamp: new Date("2027-01-01T12:00:00Z"),
};

describe("sessionIcs", () => {
  it("escapes TEXT values and folds lines at 75 octets without splitting a character", () => {
    expect(escapeIcsText("a;b,c\\d\ne")).toBe("a\\;b\\,c\\\\d\\ne");
    const folded = foldIcsLine(`LOCATION:${"ă".repeat(60)}`);
    for (const line of folded.split("\r\n")) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    expect(folded.replace(/\r\n /g, "")).toBe(`LOCATION:${"ă".repeat(60)}`);
  });

  it("parses back: text with diacritics and separators, every day (a weekend list), local Bucharest times", () => {
    const text = sessionIcs(base);
    expect(text.endsWith("\r\n")).toBe(true);
    const calendar = new ICAL.Component(ICAL.parse(text));
    const vevent = calendar.getFirstSubcomponent("vevent")!;
    const event = new ICAL.Event(vevent);
    expect(event.summary).toBe(base.summary);
    expect(event.description).toBe(base.description);
    expect(event.location).toBe(base.location);
    expect(event.sequence).toBe(2);
    event.startDate.zone = new ICAL.Timezone(calendar.getFirstSubcomponent("vtimezone")!);
    expect(event.startDate.toJSDate().toISOString()).toBe("2027-06-05T07:00:00.000Z");
    const rdates = vevent.getAllProperties("rdate").flatMap((p) => p.getValues() as ICAL.Time[]);
    expect(rdates.map((t) => t.toString())).toEqual(["2027-06-06T10:00:00", "2027-06-12T10:00:00"]);
    expect(vevent.getFirstProperty("attendee")!.getParameter("cn")).toBe("Maria Popescu");
  });
});

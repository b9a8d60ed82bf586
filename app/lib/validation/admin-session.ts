/**
 * The admin's session forms (issue 28): a session (course and period, days as start–end or a
 * list, hours, place, capacity, notes), adding a student by hand and moving a student.
 */
import { z } from "zod";
import { daysBetween, normaliseDates } from "../sessions";

export const SESSION_FORM_MESSAGES = {
  course: "Alege cursul.",
  days: "Alege perioada (numărul de zile din prețurile cursului).",
  startsOn: "Alege data de început.",
  endsOn: "Data de sfârșit nu poate fi înaintea celei de început.",
  dates: "Scrie zilele ca AAAA-LL-ZZ, despărțite prin virgulă sau spațiu.",
  time: "Ora în formatul HH:MM (ex. 09:00).",
  timeOrder: "Ora de sfârșit trebuie să fie după ora de început.",
  capacity: "Numărul de locuri: între 1 și 500.",
  email: "Scrie adresa de e-mail a cursantului (un cont existent).",
  target: "Alege sesiunea în care se mută cursantul.",
} as const;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const validDate = (v: string) => ISO_DATE.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v);
const time = z.string().trim().regex(/^([01]\d|2[0-3]):[0-5]\d$/, SESSION_FORM_MESSAGES.time);

export const sessionFormSchema = z
  .object({
    id: z.number().int().positive().optional(),
    courseId: z.number({ error: SESSION_FORM_MESSAGES.course }).int().positive(SESSION_FORM_MESSAGES.course),
    days: z.number({ error: SESSION_FORM_MESSAGES.days }).int().positive(SESSION_FORM_MESSAGES.days).max(365, SESSION_FORM_MESSAGES.days),
    startsOn: z.string({ error: SESSION_FORM_MESSAGES.startsOn }).trim().refine(validDate, SESSION_FORM_MESSAGES.startsOn),
    endsOn: z.string().trim().optional(),
    /** A list of days instead of start–end (e.g. weekends). */
    dateList: z.string().trim().max(2000).optional(),
    startTime: time.default("09:00"),
    endTime: time.default("17:00"),
    place: z.string().trim().max(300).optional(),
    capacity: z.number({ error: SESSION_FORM_MESSAGES.capacity }).int(SESSION_FORM_MESSAGES.capacity).min(1, SESSION_FORM_MESSAGES.capacity).max(500, SESSION_FORM_MESSAGES.capacity),
    notes: z.string().trim().max(2000).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.endsOn && (!validDate(v.endsOn) || v.endsOn < v.startsOn)) ctx.addIssue({ code: "custom", path: ["endsOn"], message: SESSION_FORM_MESSAGES.endsOn });
    if (v.dateList && v.dateList.split(/[\s,;]+/).filter(Boolean).some((d) => !validDate(d))) {
      ctx.addIssue({ code: "custom", path: ["dateList"], message: SESSION_FORM_MESSAGES.dates });
    }
    if (v.endTime <= v.startTime) ctx.addIssue({ code: "custom", path: ["endTime"], message: SESSION_FORM_MESSAGES.timeOrder });
  });

export type SessionFormValue = z.output<typeof sessionFormSchema>;

export interface SessionInput {
  courseId: number;
  days: number;
  dates: string[];
  startTime: string;
  endTime: string;
  /** null: the academy's address. */
  place: string | null;
  capacity: number;
  notes: string;
}

/** The form → the model's input: the list of days wins over start–end (the start date is always among them). */
export function toSessionInput(v: SessionFormValue): SessionInput {
  const listed = v.dateList ? v.dateList.split(/[\s,;]+/).filter(Boolean) : [];
  const dates = listed.length ? normaliseDates([v.startsOn, ...listed]) : daysBetween(v.startsOn, v.endsOn || v.startsOn);
  return {
    courseId: v.courseId,
    days: v.days,
    dates,
    startTime: v.startTime,
    endTime: v.endTime,
    place: v.place ? v.place : null,
    capacity: v.capacity,
    notes: v.notes ?? "",
  };
}

export const addStudentSchema = z.object({
  email: z.email({ error: SESSION_FORM_MESSAGES.email }).trim().toLowerCase().max(200),
});

export const moveStudentSchema = z.object({
  seatId: z.uuid(),
  toSessionId: z.number({ error: SESSION_FORM_MESSAGES.target }).int().positive(SESSION_FORM_MESSAGES.target),
});

/** A student's own move (/cont/sesiuni/:seatId/mutare): the session to move to. */
export const studentMoveSchema = z.object({
  toSessionId: z.number({ error: SESSION_FORM_MESSAGES.target }).int().positive(SESSION_FORM_MESSAGES.target),
});

/** The roster's attendance form: the days a student attended (checkboxes, none = absent every day). */
export const attendanceSchema = z.object({
  seatId: z.uuid(),
  days: z.array(z.string().regex(/^\d{4}-\d{2}-\d{2}$/)).max(60).default([]),
});

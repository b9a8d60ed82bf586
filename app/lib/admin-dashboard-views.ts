/**
 * What the admin dashboard shows (models/admin-dashboard.server.ts computes it,
 * components/admin/DashboardSections.tsx draws it). Types only.
 */
import type { SessionStateName } from "./sessions";
import type { MonthTotal } from "./sales-chart";

export interface Dashboard {
  thisMonth: MonthTotal;
  lastMonth: MonthTotal;
  /** Oldest first, `DASHBOARD_MONTHS` of them, ending with this month. */
  months: MonthTotal[];
  awaitingTransfer: { count: number; orders: AwaitingOrder[] };
  newEnrolments: { count: number; days: number; latest: NewEnrolment[] };
  sessions: SessionOccupancy[];
}

export interface AwaitingOrder {
  id: string;
  reference: string;
  billingName: string;
  billingEmail: string;
  totalBani: number;
  createdAt: Date;
}

export interface NewEnrolment {
  id: string;
  studentName: string;
  studentEmail: string;
  courseTitle: string;
  courseType: "physical" | "online";
  confirmedAt: Date;
}

/** One coming in-person session and its places (session_seats), for the dashboard. */
export interface SessionOccupancy {
  sessionId: number;
  courseId: number;
  title: string;
  isPublished: boolean;
  startsOn: string;
  endsOn: string;
  /** "12–16/05/2027". */
  when: string;
  /** "09:00–17:00". */
  hours: string;
  state: SessionStateName;
  capacity: number;
  /** Seats `taken`: paid, or added by the admin. */
  taken: number;
  /** Seats `held`: an order awaiting its payment, or a place offered from the waitlist. */
  held: number;
  /** Students waiting in line (not yet offered a place). */
  waitlist: number;
}

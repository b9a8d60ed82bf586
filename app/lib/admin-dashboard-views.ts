/**
 * What the admin dashboard shows (models/admin-dashboard.server.ts computes it,
 * components/admin/DashboardSections.tsx draws it). Types only.
 */
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

export interface SessionOccupancy {
  courseId: number;
  title: string;
  sessionOn: string;
  isPublished: boolean;
  confirmed: number;
  pending: number;
}

CREATE TABLE "course_sessions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "course_sessions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"course_id" integer NOT NULL,
	"days" integer NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date NOT NULL,
	"dates" jsonb NOT NULL,
	"start_time" text DEFAULT '09:00' NOT NULL,
	"end_time" text DEFAULT '17:00' NOT NULL,
	"place" text,
	"capacity" integer NOT NULL,
	"seats_taken" integer DEFAULT 0 NOT NULL,
	"state" text DEFAULT 'open' NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"sequence" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "course_sessions_state_check" CHECK (state in ('open', 'full', 'closed', 'cancelled')),
	CONSTRAINT "course_sessions_days_check" CHECK ("course_sessions"."days" > 0),
	CONSTRAINT "course_sessions_dates_check" CHECK ("course_sessions"."ends_on" >= "course_sessions"."starts_on"),
	CONSTRAINT "course_sessions_capacity_check" CHECK ("course_sessions"."capacity" between 1 and 500),
	CONSTRAINT "course_sessions_seats_check" CHECK ("course_sessions"."seats_taken" >= 0)
);
--> statement-breakpoint
CREATE TABLE "session_seats" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"session_id" integer NOT NULL,
	"user_id" uuid NOT NULL,
	"order_line_id" uuid,
	"status" text NOT NULL,
	"manual" boolean DEFAULT false NOT NULL,
	"held_until" timestamp with time zone,
	"attendance" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"moved_by_student_at" timestamp with time zone,
	"released_at" timestamp with time zone,
	"release_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "session_seats_status_check" CHECK (status in ('held', 'taken', 'released'))
);
--> statement-breakpoint
ALTER TABLE "cart_lines" ADD COLUMN "session_id" integer;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "session_id" integer;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "session_label" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "course_sessions" ADD CONSTRAINT "course_sessions_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_seats" ADD CONSTRAINT "session_seats_session_id_course_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."course_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_seats" ADD CONSTRAINT "session_seats_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_seats" ADD CONSTRAINT "session_seats_order_line_id_order_lines_id_fk" FOREIGN KEY ("order_line_id") REFERENCES "public"."order_lines"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "course_sessions_course_idx" ON "course_sessions" USING btree ("course_id","starts_on");--> statement-breakpoint
CREATE INDEX "course_sessions_starts_idx" ON "course_sessions" USING btree ("starts_on");--> statement-breakpoint
CREATE UNIQUE INDEX "session_seats_active_key" ON "session_seats" USING btree ("session_id","user_id") WHERE "session_seats"."status" <> 'released';--> statement-breakpoint
CREATE INDEX "session_seats_user_idx" ON "session_seats" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "session_seats_order_line_idx" ON "session_seats" USING btree ("order_line_id");--> statement-breakpoint
CREATE INDEX "session_seats_held_idx" ON "session_seats" USING btree ("status","held_until");--> statement-breakpoint
ALTER TABLE "cart_lines" ADD CONSTRAINT "cart_lines_session_id_course_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."course_sessions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_session_id_course_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."course_sessions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cart_lines_session_idx" ON "cart_lines" USING btree ("session_id");--> statement-breakpoint
CREATE INDEX "order_lines_session_idx" ON "order_lines" USING btree ("session_id");--> statement-breakpoint
-- Each physical course's single "next session" date becomes its first session: the shortest
-- period of its prices (else its duration, else one day), consecutive days from that date, at
-- the academy's address (place null), 10 places. The course row keeps its date.
INSERT INTO "course_sessions" ("course_id", "days", "starts_on", "ends_on", "dates", "capacity")
SELECT c."id", p."days", c."next_session_on", c."next_session_on" + (p."days" - 1),
  (SELECT jsonb_agg(to_char(d, 'YYYY-MM-DD') ORDER BY d) FROM generate_series(c."next_session_on"::timestamp, (c."next_session_on" + (p."days" - 1))::timestamp, interval '1 day') AS d),
  10
FROM "courses" c
CROSS JOIN LATERAL (
  SELECT coalesce(
    (SELECT o."days" FROM "course_price_options" o
      WHERE o."course_id" = c."id" AND NOT o."accreditation" AND NOT o."advance_payment" AND o."days" IS NOT NULL
      ORDER BY o."days" LIMIT 1),
    c."duration_days", 1) AS "days"
) p
WHERE c."kind" = 'physical' AND c."next_session_on" IS NOT NULL;

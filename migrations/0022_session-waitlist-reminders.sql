CREATE TABLE "session_waitlist" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"session_id" integer NOT NULL,
	"user_id" uuid NOT NULL,
	"status" text DEFAULT 'waiting' NOT NULL,
	"seat_id" uuid,
	"offered_at" timestamp with time zone,
	"offer_expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "session_waitlist_status_check" CHECK (status in ('waiting', 'offered', 'bought', 'left', 'expired', 'closed'))
);
--> statement-breakpoint
CREATE TABLE "session_reminders" (
	"seat_id" uuid NOT NULL,
	"days_before" integer NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "session_reminders_seat_id_days_before_pk" PRIMARY KEY("seat_id","days_before")
);
--> statement-breakpoint
ALTER TABLE "session_seats" ADD COLUMN "waitlist_offer" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "session_waitlist" ADD CONSTRAINT "session_waitlist_session_id_course_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."course_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_waitlist" ADD CONSTRAINT "session_waitlist_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_waitlist" ADD CONSTRAINT "session_waitlist_seat_id_session_seats_id_fk" FOREIGN KEY ("seat_id") REFERENCES "public"."session_seats"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_reminders" ADD CONSTRAINT "session_reminders_seat_id_session_seats_id_fk" FOREIGN KEY ("seat_id") REFERENCES "public"."session_seats"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "session_waitlist_active_key" ON "session_waitlist" USING btree ("session_id","user_id") WHERE "session_waitlist"."status" in ('waiting', 'offered');--> statement-breakpoint
CREATE INDEX "session_waitlist_queue_idx" ON "session_waitlist" USING btree ("session_id","status","created_at");--> statement-breakpoint
CREATE INDEX "session_waitlist_user_idx" ON "session_waitlist" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "session_waitlist_seat_idx" ON "session_waitlist" USING btree ("seat_id");

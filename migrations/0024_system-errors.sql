CREATE TABLE "system_errors" (
	"message" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"first_seen_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "system_errors_last_seen_idx" ON "system_errors" USING btree ("last_seen_at");

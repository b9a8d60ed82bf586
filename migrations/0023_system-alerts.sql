CREATE TABLE "system_alerts" (
	"key" text PRIMARY KEY NOT NULL,
	"status" text NOT NULL,
	"summary" text NOT NULL,
	"opened_at" timestamp with time zone NOT NULL,
	"notified_at" timestamp with time zone NOT NULL,
	"resolved_at" timestamp with time zone,
	CONSTRAINT "system_alerts_status_check" CHECK (status in ('open', 'resolved'))
);

CREATE TABLE "backup_runs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "backup_runs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ok" boolean NOT NULL,
	"trigger" text NOT NULL,
	"location" text NOT NULL,
	"file_name" text,
	"size_bytes" bigint,
	"duration_ms" integer NOT NULL,
	"table_rows" integer,
	"file_count" integer,
	"encrypted" boolean DEFAULT false NOT NULL,
	"error" text,
	CONSTRAINT "backup_runs_trigger_check" CHECK (trigger in ('nightly', 'manual'))
);
--> statement-breakpoint
CREATE INDEX "backup_runs_finished_idx" ON "backup_runs" USING btree ("ok","finished_at");
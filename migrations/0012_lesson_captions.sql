ALTER TABLE "lessons" ADD COLUMN "captions_key" text;--> statement-breakpoint
ALTER TABLE "lessons" ADD COLUMN "transcript" text DEFAULT '' NOT NULL;
ALTER TABLE "media_files" DROP CONSTRAINT "media_files_type_check";--> statement-breakpoint
ALTER TABLE "lessons" ADD COLUMN "captions_key" text;--> statement-breakpoint
ALTER TABLE "lessons" ADD COLUMN "transcript" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "media_files" ADD CONSTRAINT "media_files_type_check" CHECK ("media_files"."content_type" in ('image/jpeg', 'image/png', 'image/webp', 'image/avif', 'video/mp4', 'video/webm', 'application/pdf', 'text/vtt'));
ALTER TABLE "invoices" DROP CONSTRAINT "invoices_efactura_check";--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_efactura_check" CHECK (efactura_status in ('pending', 'uploaded', 'validated', 'rejected'));--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "efactura_errors" jsonb;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "efactura_proof_key" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "efactura_warned_at" timestamp with time zone;--> statement-breakpoint
CREATE TABLE "efactura_connection" (
	"id" integer PRIMARY KEY NOT NULL,
	"access_token" text,
	"refresh_token" text,
	"access_expires_at" timestamp with time zone,
	"refresh_expires_at" timestamp with time zone,
	"connected_at" timestamp with time zone,
	"refreshed_at" timestamp with time zone,
	"expired_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "efactura_connection_singleton_check" CHECK ("efactura_connection"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "efactura_submissions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"invoice_id" uuid NOT NULL,
	"attempt" integer NOT NULL,
	"key" text NOT NULL,
	"state" text DEFAULT 'uploading' NOT NULL,
	"b2c" boolean NOT NULL,
	"upload_index" text,
	"download_id" text,
	"polls" integer DEFAULT 0 NOT NULL,
	"next_at" timestamp with time zone,
	"errors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"last_error" text,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"uploaded_at" timestamp with time zone,
	"answered_at" timestamp with time zone,
	CONSTRAINT "efactura_submissions_key_unique" UNIQUE("key"),
	CONSTRAINT "efactura_submissions_state_check" CHECK (state in ('uploading', 'sent', 'validated', 'rejected', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "efactura_submissions" ADD CONSTRAINT "efactura_submissions_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "efactura_submissions_attempt_key" ON "efactura_submissions" USING btree ("invoice_id","attempt");--> statement-breakpoint
CREATE UNIQUE INDEX "efactura_submissions_live_key" ON "efactura_submissions" USING btree ("invoice_id") WHERE state in ('uploading', 'sent', 'validated');--> statement-breakpoint
CREATE INDEX "efactura_submissions_state_idx" ON "efactura_submissions" USING btree ("state","next_at");--> statement-breakpoint
CREATE UNIQUE INDEX "efactura_submissions_index_key" ON "efactura_submissions" USING btree ("upload_index");

CREATE TABLE "invoice_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"invoice_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"description" text NOT NULL,
	"quantity" integer NOT NULL,
	"unit_code" text NOT NULL,
	"vat_category" text NOT NULL,
	"vat_rate" integer NOT NULL,
	"net_bani" integer NOT NULL,
	"vat_bani" integer NOT NULL,
	"gross_bani" integer NOT NULL,
	CONSTRAINT "invoice_lines_sum_check" CHECK ("invoice_lines"."net_bani" + "invoice_lines"."vat_bani" = "invoice_lines"."gross_bani")
);
--> statement-breakpoint
CREATE TABLE "invoice_series" (
	"series" text PRIMARY KEY NOT NULL,
	"next_number" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "invoice_series_next_check" CHECK ("invoice_series"."next_number" >= 1)
);
--> statement-breakpoint
CREATE TABLE "invoice_settings" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"cui" text NOT NULL,
	"reg_com" text NOT NULL,
	"address" text NOT NULL,
	"city" text NOT NULL,
	"county" text NOT NULL,
	"bank" text NOT NULL,
	"iban" text NOT NULL,
	"series" text NOT NULL,
	"vat_mode" text NOT NULL,
	"vat_rate" integer NOT NULL,
	"exempt_text" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoice_settings_singleton_check" CHECK ("invoice_settings"."id" = 1),
	CONSTRAINT "invoice_settings_vat_mode_check" CHECK (vat_mode in ('payer', 'non_payer', 'exempt')),
	CONSTRAINT "invoice_settings_vat_rate_check" CHECK ("invoice_settings"."vat_rate" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"idempotency_key" text NOT NULL,
	"kind" text NOT NULL,
	"series" text NOT NULL,
	"number" integer NOT NULL,
	"order_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"reference_invoice_id" uuid,
	"issued_on" date NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"issuer" jsonb NOT NULL,
	"buyer" jsonb NOT NULL,
	"vat_mode" text NOT NULL,
	"payment_method" text NOT NULL,
	"order_reference" text NOT NULL,
	"currency" text DEFAULT 'RON' NOT NULL,
	"net_bani" integer NOT NULL,
	"vat_bani" integer NOT NULL,
	"total_bani" integer NOT NULL,
	"efactura_status" text DEFAULT 'pending' NOT NULL,
	"efactura_index" text,
	"efactura_at" timestamp with time zone,
	CONSTRAINT "invoices_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "invoices_kind_check" CHECK (kind in ('invoice', 'advance', 'final', 'credit')),
	CONSTRAINT "invoices_efactura_check" CHECK (efactura_status in ('pending', 'uploaded')),
	CONSTRAINT "invoices_totals_check" CHECK ("invoices"."net_bani" + "invoices"."vat_bani" = "invoices"."total_bani")
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "attachments" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "buyer" jsonb;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "buyer_type" text DEFAULT 'person' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "company_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "company_cui" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "company_reg_com" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_lines_position_key" ON "invoice_lines" USING btree ("invoice_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_series_number_key" ON "invoices" USING btree ("series","number");--> statement-breakpoint
CREATE INDEX "invoices_order_idx" ON "invoices" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "invoices_user_idx" ON "invoices" USING btree ("user_id","issued_at");--> statement-breakpoint
CREATE INDEX "invoices_issued_idx" ON "invoices" USING btree ("issued_on");
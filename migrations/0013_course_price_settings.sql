CREATE TABLE "course_settings" (
	"id" integer PRIMARY KEY NOT NULL,
	"accreditation_surcharge_bani" integer DEFAULT 65000 NOT NULL,
	"advance_payment_bani" integer DEFAULT 50000 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "course_settings_singleton_check" CHECK ("course_settings"."id" = 1),
	CONSTRAINT "course_settings_amounts_check" CHECK ("course_settings"."accreditation_surcharge_bani" >= 0 and "course_settings"."advance_payment_bani" > 0)
);
--> statement-breakpoint
-- The business constants (docs/product.md §9) until the admin changes them.
INSERT INTO "course_settings" ("id", "accreditation_surcharge_bani", "advance_payment_bani") VALUES (1, 65000, 50000) ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- The detail pages show the surcharge and the advance: a change bumps the catalogue version.
CREATE TRIGGER "course_settings_catalogue_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "course_settings" FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalogue_version"();

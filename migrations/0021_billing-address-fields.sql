ALTER TABLE "users" ADD COLUMN "address_street" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "address_city" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "address_county" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "address_postal_code" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "address_sector" smallint;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_address_sector_check" CHECK ("users"."address_sector" is null or "users"."address_sector" between 1 and 6);--> statement-breakpoint
UPDATE "users" SET "address_street" = "address" WHERE "address" <> '';

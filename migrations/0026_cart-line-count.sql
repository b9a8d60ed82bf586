-- The header's cart badge, kept on the users row (issue 31): the session's query runs on every
-- logged-in request and used to count the user's cart lines in a subquery each time. The count
-- is now refreshed by the database at the commit of every write to cart_lines, whatever code
-- made it (a deferred constraint trigger, like the data version of migration 0025): it is
-- recounted, never incremented, so it cannot drift. Updating the row also bumps data_version.
ALTER TABLE "users" ADD COLUMN "cart_line_count" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
UPDATE "users" SET "cart_line_count" = (SELECT count(*) FROM "cart_lines" WHERE "cart_lines"."user_id" = "users"."id")
WHERE EXISTS (SELECT 1 FROM "cart_lines" WHERE "cart_lines"."user_id" = "users"."id");
--> statement-breakpoint
CREATE FUNCTION "refresh_cart_line_count"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- OLD is null for an INSERT and NEW for a DELETE; a line moved to another user counts for both.
  UPDATE "users" SET "cart_line_count" = (SELECT count(*) FROM "cart_lines" WHERE "cart_lines"."user_id" = "users"."id")
  WHERE "id" IN ((to_jsonb(OLD) ->> 'user_id')::uuid, (to_jsonb(NEW) ->> 'user_id')::uuid);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "cart_lines_cart_line_count" AFTER INSERT OR UPDATE OR DELETE ON "cart_lines" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "refresh_cart_line_count"();

-- Every write to a catalogue table bumps catalogue_version in the same transaction and notifies
-- the app processes (NOTIFY is delivered at commit), which drop their in-memory catalogue.
INSERT INTO "catalogue_version" ("id", "version") VALUES (1, 0) ON CONFLICT DO NOTHING;
--> statement-breakpoint
CREATE FUNCTION "bump_catalogue_version"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  next_version integer;
BEGIN
  UPDATE "catalogue_version" SET "version" = "version" + 1 WHERE "id" = 1 RETURNING "version" INTO next_version;
  PERFORM pg_notify('catalogue_changed', next_version::text);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "courses_catalogue_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "courses" FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalogue_version"();
--> statement-breakpoint
CREATE TRIGGER "course_price_options_catalogue_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "course_price_options" FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalogue_version"();
--> statement-breakpoint
CREATE TRIGGER "products_catalogue_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "products" FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalogue_version"();
--> statement-breakpoint
CREATE TRIGGER "terms_pages_catalogue_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "terms_pages" FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalogue_version"();

-- A checkout taking units (or a cancellation giving them back) changes what guests see only when
-- a product runs out or comes back: the public pages show "În stoc" / "Stoc epuizat", never the
-- count. So an UPDATE of products bumps the catalogue version only when a column other than the
-- stock count (and its updated_at) changed, or a product crossed zero or became (un)limited.
-- Before, every sale of a product bumped it: every worker dropped its cached catalogue and guest
-- pages, and concurrent checkouts queued on the catalogue_version row until each commit.
DROP TRIGGER IF EXISTS "products_catalogue_version" ON "products";
--> statement-breakpoint
CREATE TRIGGER "products_catalogue_version" AFTER INSERT OR DELETE OR TRUNCATE ON "products" FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalogue_version"();
--> statement-breakpoint
CREATE FUNCTION "bump_catalogue_version_on_product_update"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  next_version integer;
BEGIN
  IF EXISTS (
    SELECT 1
    FROM old_products o
    FULL JOIN new_products n ON n.id = o.id
    WHERE o.id IS NULL
       OR n.id IS NULL
       OR (to_jsonb(o) - 'stock' - 'updated_at') IS DISTINCT FROM (to_jsonb(n) - 'stock' - 'updated_at')
       OR (o.stock IS NULL) IS DISTINCT FROM (n.stock IS NULL)
       OR (o.stock = 0) IS DISTINCT FROM (n.stock = 0)
  ) THEN
    -- The same bump as bump_catalogue_version() (a trigger function cannot be called directly).
    UPDATE "catalogue_version" SET "version" = "version" + 1 WHERE "id" = 1 RETURNING "version" INTO next_version;
    PERFORM pg_notify('catalogue_changed', next_version::text);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "products_catalogue_version_update" AFTER UPDATE ON "products" REFERENCING OLD TABLE AS old_products NEW TABLE AS new_products FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalogue_version_on_product_update"();

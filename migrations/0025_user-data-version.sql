-- A per-user data version for the logged-in pages' cache (app/services/personal-cache.server.ts).
-- Whatever a logged-in page shows of a user lives in their users row or in rows of theirs in the
-- tables below; every write to one of them bumps users.data_version, in the writing transaction,
-- whatever code made it. The session's one query reads the version, and the cache keys the user's
-- page data by it: a page is never built from data older than the user's last change.
--
-- The bump is a deferred constraint trigger: it runs at commit, after the transaction's own work,
-- so the users row is locked only for the commit (two transactions of one user queue there, they
-- do not lock each other out half-way). Rows reach their user through user_id, their order or
-- their enrolment.
ALTER TABLE "users" ADD COLUMN "data_version" bigint DEFAULT 0 NOT NULL;
--> statement-breakpoint
CREATE FUNCTION "user_data_owner"(via text, row_data jsonb) RETURNS uuid LANGUAGE sql STABLE AS $$
  SELECT CASE via
    WHEN 'user_id' THEN (row_data ->> 'user_id')::uuid
    WHEN 'order_id' THEN (SELECT "user_id" FROM "orders" WHERE "id" = (row_data ->> 'order_id')::uuid)
    WHEN 'enrollment_id' THEN (SELECT "user_id" FROM "enrollments" WHERE "id" = (row_data ->> 'enrollment_id')::uuid)
  END
$$;
--> statement-breakpoint
CREATE FUNCTION "bump_user_data_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- OLD is null for an INSERT and NEW for a DELETE; an UPDATE that moved a row bumps both users.
  UPDATE "users" SET "data_version" = "data_version" + 1
  WHERE "id" IN (user_data_owner(TG_ARGV[0], to_jsonb(OLD)), user_data_owner(TG_ARGV[0], to_jsonb(NEW)));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- Any change of the users row itself (name, address, billing identity, opt-in…) counts too.
CREATE FUNCTION "users_data_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."data_version" = OLD."data_version" THEN
    NEW."data_version" := OLD."data_version" + 1;
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "users_data_version" BEFORE UPDATE ON "users" FOR EACH ROW EXECUTE FUNCTION "users_data_version"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "cart_lines_user_data_version" AFTER INSERT OR UPDATE OR DELETE ON "cart_lines" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_user_data_version"('user_id');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "cart_deliveries_user_data_version" AFTER INSERT OR UPDATE OR DELETE ON "cart_deliveries" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_user_data_version"('user_id');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "orders_user_data_version" AFTER INSERT OR UPDATE OR DELETE ON "orders" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_user_data_version"('user_id');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "order_lines_user_data_version" AFTER INSERT OR UPDATE OR DELETE ON "order_lines" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_user_data_version"('order_id');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "order_deliveries_user_data_version" AFTER INSERT OR UPDATE OR DELETE ON "order_deliveries" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_user_data_version"('order_id');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "enrollments_user_data_version" AFTER INSERT OR UPDATE OR DELETE ON "enrollments" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_user_data_version"('user_id');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "lesson_progress_user_data_version" AFTER INSERT OR UPDATE OR DELETE ON "lesson_progress" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_user_data_version"('enrollment_id');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "diplomas_user_data_version" AFTER INSERT OR UPDATE OR DELETE ON "diplomas" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_user_data_version"('enrollment_id');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "invoices_user_data_version" AFTER INSERT OR UPDATE OR DELETE ON "invoices" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_user_data_version"('user_id');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "session_seats_user_data_version" AFTER INSERT OR UPDATE OR DELETE ON "session_seats" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_user_data_version"('user_id');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "session_waitlist_user_data_version" AFTER INSERT OR UPDATE OR DELETE ON "session_waitlist" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_user_data_version"('user_id');
--> statement-breakpoint
-- Lessons join the catalogue version (migration 0005): the player's course outline is catalogue
-- data, cached per process like the rest, and an admin's lesson edit reaches every process.
CREATE TRIGGER "lessons_catalogue_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "lessons" FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalogue_version"();
--> statement-breakpoint
-- Sessions join the catalogue version like products (migration 0014): a sale moves seats_taken,
-- which is not a catalogue change (the public pages read the places left at most 5 s old,
-- models/catalogue.server.ts SEAT_COUNTS_MAX_AGE_MS); anything else, and a session filling up or
-- getting a place back when full, is one.
CREATE TRIGGER "course_sessions_catalogue_version" AFTER INSERT OR DELETE OR TRUNCATE ON "course_sessions" FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalogue_version"();
--> statement-breakpoint
CREATE FUNCTION "bump_catalogue_version_on_session_update"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  next_version integer;
BEGIN
  IF EXISTS (
    SELECT 1
    FROM old_sessions o
    FULL JOIN new_sessions n ON n.id = o.id
    WHERE o.id IS NULL
       OR n.id IS NULL
       OR (to_jsonb(o) - 'seats_taken' - 'updated_at') IS DISTINCT FROM (to_jsonb(n) - 'seats_taken' - 'updated_at')
       OR (o.seats_taken >= o.capacity) IS DISTINCT FROM (n.seats_taken >= n.capacity)
  ) THEN
    -- The same bump as bump_catalogue_version() (a trigger function cannot be called directly).
    UPDATE "catalogue_version" SET "version" = "version" + 1 WHERE "id" = 1 RETURNING "version" INTO next_version;
    PERFORM pg_notify('catalogue_changed', next_version::text);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "course_sessions_catalogue_version_update" AFTER UPDATE ON "course_sessions" REFERENCING OLD TABLE AS old_sessions NEW TABLE AS new_sessions FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalogue_version_on_session_update"();

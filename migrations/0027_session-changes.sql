-- Sessions kept in memory where one process owns the database (issue 31; app/services/session-cache.server.ts).
-- The session's query reads a sessions row joined to its users row. Every change to either sends
-- NOTIFY session_changed with the user's id, at the commit of the writing transaction, whatever
-- code made it: a logout or a password reset (sessions deleted), the daily extension of a session,
-- an account deleted (its sessions go with it), any update of the users row (a role, a name, the
-- cart badge and the data version, which the deferred triggers of migrations 0025 and 0026 update
-- at commit). The process holding sessions in memory drops that user's on the notification.
-- A TRUNCATE of either table sends an empty payload: every session is dropped.
CREATE FUNCTION "notify_session_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- TG_ARGV[0] names the user's id in the row: "user_id" in sessions, "id" in users. OLD is null
  -- for an INSERT and NEW for a DELETE; PostgreSQL sends one notification per distinct payload.
  PERFORM pg_notify('session_changed', COALESCE(to_jsonb(OLD) ->> TG_ARGV[0], to_jsonb(NEW) ->> TG_ARGV[0]));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- A notification with an empty payload on the channel TG_ARGV[0]: for statement triggers that
-- say only "something changed" (a TRUNCATE here; the admin's order lists in migration 0028).
CREATE FUNCTION "notify_channel"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify(TG_ARGV[0], '');
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- A new session needs no notification: nothing holds it yet (a lookup that found no row is not kept).
CREATE TRIGGER "sessions_session_changed" AFTER UPDATE OR DELETE ON "sessions" FOR EACH ROW EXECUTE FUNCTION "notify_session_change"('user_id');
--> statement-breakpoint
CREATE TRIGGER "users_session_changed" AFTER UPDATE OR DELETE ON "users" FOR EACH ROW EXECUTE FUNCTION "notify_session_change"('id');
--> statement-breakpoint
CREATE TRIGGER "sessions_truncated" AFTER TRUNCATE ON "sessions" FOR EACH STATEMENT EXECUTE FUNCTION "notify_channel"('session_changed');
--> statement-breakpoint
CREATE TRIGGER "users_truncated" AFTER TRUNCATE ON "users" FOR EACH STATEMENT EXECUTE FUNCTION "notify_channel"('session_changed');

-- Each server process keeps the sessions it has checked (with their user) in memory, and drops one
-- the moment it is told here. Whoever ends a session (logout, password change or reset, erasure,
-- expiry; any node, the CLI, or by hand) or changes what a user may do or sees of their account
-- announces it on channel evisa_access, in the same transaction: "s:<id_hash>" for a session,
-- "u:<user id>" for a user, "*" when too many sessions ended at once to name them.
CREATE OR REPLACE FUNCTION "access_notify_sessions_ended"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (SELECT count(*) FROM "ended") > 100 THEN
    PERFORM pg_notify('evisa_access', '*');
  ELSE
    PERFORM pg_notify('evisa_access', 's:' || "id_hash") FROM "ended";
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "sessions_access_notify" AFTER DELETE ON "sessions"
REFERENCING OLD TABLE AS "ended" FOR EACH STATEMENT EXECUTE FUNCTION "access_notify_sessions_ended"();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "access_notify_user_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('evisa_access', 'u:' || OLD."id");
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "users_access_notify"
AFTER UPDATE OF "email", "password_hash", "full_name", "phone_number", "is_admin", "needs_password_change" OR DELETE ON "users"
FOR EACH ROW EXECUTE FUNCTION "access_notify_user_changed"();

-- Issue 17: the API keeps verified sessions in memory (src/server/auth/session-cache.ts). Whatever ends a
-- session or changes what a session carries (sign-out, revocation, suspension, a role, a name, two-factor)
-- tells every instance at once, whichever code or instance made the change: one notification per user.
CREATE OR REPLACE FUNCTION sessions_notify_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('session_change', OLD.user_id::text);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER sessions_notify_change AFTER UPDATE OR DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION sessions_notify_change();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION users_notify_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('session_change', OLD.id::text);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER users_notify_change
  AFTER UPDATE OF email, email_verified, full_name, avatar_url, user_type, phone, status, two_factor_enabled
  OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION users_notify_change();

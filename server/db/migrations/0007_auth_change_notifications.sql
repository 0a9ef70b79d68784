-- Every app server caches, per access token, the verified token and the caller behind it
-- (server/access/caller-cache.ts). These triggers tell every server, through NOTIFY on channel
-- `auth_changed`, when a write could change such an answer: a revoked or expired session, a
-- disabled identity or tokens invalidated, a changed back-office user, role or role assignment.
-- Statement-level: one notification per statement, merged by PostgreSQL per transaction.
CREATE FUNCTION notify_auth_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM pg_notify('auth_changed', TG_TABLE_NAME);
    RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER identity_users_auth_changed
    AFTER UPDATE OF enabled, tokens_valid_after OR DELETE ON identity_users
    FOR EACH STATEMENT EXECUTE FUNCTION notify_auth_changed();
--> statement-breakpoint
CREATE TRIGGER identity_users_auth_truncated
    AFTER TRUNCATE ON identity_users FOR EACH STATEMENT EXECUTE FUNCTION notify_auth_changed();
--> statement-breakpoint
CREATE TRIGGER identity_sessions_auth_changed
    AFTER UPDATE OF revoked_at, expires_at, sub, client_id OR DELETE ON identity_sessions
    FOR EACH STATEMENT EXECUTE FUNCTION notify_auth_changed();
--> statement-breakpoint
CREATE TRIGGER identity_sessions_auth_truncated
    AFTER TRUNCATE ON identity_sessions FOR EACH STATEMENT EXECUTE FUNCTION notify_auth_changed();
--> statement-breakpoint
CREATE TRIGGER users_auth_changed
    AFTER UPDATE OF type, tenant_id, email, active, identity_sub OR DELETE ON users
    FOR EACH STATEMENT EXECUTE FUNCTION notify_auth_changed();
--> statement-breakpoint
CREATE TRIGGER users_auth_truncated
    AFTER TRUNCATE ON users FOR EACH STATEMENT EXECUTE FUNCTION notify_auth_changed();
--> statement-breakpoint
CREATE TRIGGER roles_auth_changed
    AFTER UPDATE OF name, contexts, actions OR DELETE ON roles
    FOR EACH STATEMENT EXECUTE FUNCTION notify_auth_changed();
--> statement-breakpoint
CREATE TRIGGER roles_auth_truncated
    AFTER TRUNCATE ON roles FOR EACH STATEMENT EXECUTE FUNCTION notify_auth_changed();
--> statement-breakpoint
CREATE TRIGGER permission_assignments_auth_changed
    AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON permission_assignments
    FOR EACH STATEMENT EXECUTE FUNCTION notify_auth_changed();

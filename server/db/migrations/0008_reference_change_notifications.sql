-- Every app server keeps a copy of the organisation model's master data (organisations, depot
-- groups, depots, subcontractors: server/db/reference-data.ts), read by nearly every answer for
-- scope names and the scope tree. These triggers tell every server, through NOTIFY on channel
-- `reference_changed`, that one of those tables changed, whoever wrote it. Statement-level: one
-- notification per statement, merged by PostgreSQL per transaction.
CREATE FUNCTION notify_reference_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM pg_notify('reference_changed', TG_TABLE_NAME);
    RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER tenants_reference_changed
    AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON tenants
    FOR EACH STATEMENT EXECUTE FUNCTION notify_reference_changed();
--> statement-breakpoint
CREATE TRIGGER depot_groups_reference_changed
    AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON depot_groups
    FOR EACH STATEMENT EXECUTE FUNCTION notify_reference_changed();
--> statement-breakpoint
CREATE TRIGGER depots_reference_changed
    AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON depots
    FOR EACH STATEMENT EXECUTE FUNCTION notify_reference_changed();
--> statement-breakpoint
CREATE TRIGGER subcontractors_reference_changed
    AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON subcontractors
    FOR EACH STATEMENT EXECUTE FUNCTION notify_reference_changed();

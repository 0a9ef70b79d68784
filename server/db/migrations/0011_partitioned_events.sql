-- Driver-app events and positions become append-only tables partitioned by UTC day (issue 14,
-- docs/tours-plan.md): drizzle-kit cannot declare them, so this migration is written by hand and
-- server/db/schema/partitioned.ts describes them for queries. Partitions are made ahead and
-- dropped after the retention by make_day_partitions / drop_day_partitions_before, called by
-- server/services/tour-commander/partitions.ts. Logins move to driver_app_logins (kept longer:
-- app licences count the previous calendar month).
CREATE SEQUENCE "driver_event_seq" AS bigint;--> statement-breakpoint
CREATE FUNCTION make_day_partitions(parent text, first_day date, last_day date) RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE
    day date := first_day;
    made integer := 0;
    child text;
BEGIN
    WHILE day <= last_day LOOP
        child := parent || '_p' || to_char(day, 'YYYYMMDD');
        IF to_regclass(child) IS NULL THEN
            EXECUTE format(
                'CREATE TABLE %I PARTITION OF %I FOR VALUES FROM (%L) TO (%L)',
                child, parent,
                (day::timestamp AT TIME ZONE 'UTC'), ((day + 1)::timestamp AT TIME ZONE 'UTC'));
            made := made + 1;
        END IF;
        day := day + 1;
    END LOOP;
    RETURN made;
END $$;--> statement-breakpoint
CREATE FUNCTION drop_day_partitions_before(parent text, first_kept date) RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE
    child record;
    dropped integer := 0;
BEGIN
    FOR child IN
        SELECT c.relname FROM pg_inherits i
        JOIN pg_class c ON c.oid = i.inhrelid
        JOIN pg_class p ON p.oid = i.inhparent
        WHERE p.relname = parent AND c.relname ~ ('^' || parent || '_p[0-9]{8}$')
    LOOP
        IF to_date(right(child.relname, 8), 'YYYYMMDD') < first_kept THEN
            EXECUTE format('DROP TABLE %I', child.relname);
            dropped := dropped + 1;
        END IF;
    END LOOP;
    RETURN dropped;
END $$;--> statement-breakpoint
INSERT INTO "driver_app_logins" ("id", "tenant_id", "depot_id", "scope_path", "vehicle_id", "user_id", "source_key", "event_id", "occurred_at", "received_at")
    SELECT "id", "tenant_id", "depot_id", "scope_path", "vehicle_id", "user_id", 'legacy', "id", "occurred_at", "received_at"
    FROM "driver_app_events" WHERE "type" = 'LOGIN';--> statement-breakpoint
ALTER TABLE "driver_app_events" RENAME TO "driver_app_events_before_0011";--> statement-breakpoint
DROP INDEX "driver_app_events_depot_vehicle_status_idx";--> statement-breakpoint
DROP INDEX "driver_app_events_tenant_vehicle_status_idx";--> statement-breakpoint
DROP INDEX "driver_app_events_vehicle_idx";--> statement-breakpoint
DROP INDEX "driver_app_events_tenant_login_idx";--> statement-breakpoint
CREATE TABLE "driver_app_events" (
	"seq" bigint NOT NULL DEFAULT nextval('driver_event_seq'),
	"tenant_id" text NOT NULL,
	"depot_id" text NOT NULL,
	"scope_path" text NOT NULL,
	"vehicle_id" text,
	"user_id" text,
	"tour_id" text,
	"job_id" text,
	"type" text NOT NULL CHECK ("type" IN ('LOGIN', 'LOGOUT', 'APP_STATE', 'POSITION', 'SCAN', 'STATUS_CHANGE', 'SEQUENCE')),
	"occurred_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone NOT NULL DEFAULT now(),
	"source_key" text NOT NULL,
	"event_id" text NOT NULL,
	"payload" jsonb NOT NULL DEFAULT '{}'::jsonb
) PARTITION BY RANGE ("occurred_at");--> statement-breakpoint
-- A retried event (same sender, id and time) is stored once.
CREATE UNIQUE INDEX "driver_app_events_event_key" ON "driver_app_events" ("source_key", "event_id", "occurred_at");--> statement-breakpoint
-- The processing reads a tour's events after its watermark.
CREATE INDEX "driver_app_events_tour_seq_idx" ON "driver_app_events" ("tour_id", "seq");--> statement-breakpoint
-- "Latest scan or status change on a vehicle" of a depot (or an organisation) in a time window.
CREATE INDEX "driver_app_events_depot_vehicle_status_idx" ON "driver_app_events" ("depot_id", "occurred_at") WHERE "type" in ('SCAN', 'STATUS_CHANGE') and "vehicle_id" is not null;--> statement-breakpoint
CREATE INDEX "driver_app_events_tenant_vehicle_status_idx" ON "driver_app_events" ("tenant_id", "occurred_at") WHERE "type" in ('SCAN', 'STATUS_CHANGE') and "vehicle_id" is not null;--> statement-breakpoint
CREATE INDEX "driver_app_events_vehicle_idx" ON "driver_app_events" ("vehicle_id", "occurred_at");--> statement-breakpoint
CREATE TABLE "positions" (
	"seq" bigint NOT NULL DEFAULT nextval('driver_event_seq'),
	"tenant_id" text NOT NULL,
	"vehicle_id" text NOT NULL,
	"tour_id" text,
	"occurred_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone NOT NULL DEFAULT now(),
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"accuracy" real,
	"speed" real,
	"heading" real,
	"altitude" real,
	"battery" real,
	"source_key" text NOT NULL,
	"event_id" text NOT NULL
) PARTITION BY RANGE ("occurred_at");--> statement-breakpoint
CREATE UNIQUE INDEX "positions_event_key" ON "positions" ("source_key", "event_id", "occurred_at");--> statement-breakpoint
CREATE INDEX "positions_tour_seq_idx" ON "positions" ("tour_id", "seq");--> statement-breakpoint
CREATE INDEX "positions_vehicle_idx" ON "positions" ("vehicle_id", "occurred_at");--> statement-breakpoint
SELECT make_day_partitions('driver_app_events', min(("occurred_at" AT TIME ZONE 'UTC')::date), max(("occurred_at" AT TIME ZONE 'UTC')::date))
    FROM "driver_app_events_before_0011" WHERE "type" <> 'LOGIN' AND "occurred_at" > now() - interval '35 days' AND "occurred_at" < now() + interval '1 day';--> statement-breakpoint
INSERT INTO "driver_app_events" ("tenant_id", "depot_id", "scope_path", "vehicle_id", "user_id", "type", "occurred_at", "received_at", "source_key", "event_id", "payload")
    SELECT "tenant_id", "depot_id", "scope_path", "vehicle_id", "user_id", "type"::text, "occurred_at", "received_at", 'legacy', "id", "payload"
    FROM "driver_app_events_before_0011" WHERE "type" <> 'LOGIN' AND "occurred_at" > now() - interval '35 days' AND "occurred_at" < now() + interval '1 day';--> statement-breakpoint
DROP TABLE "driver_app_events_before_0011" CASCADE;--> statement-breakpoint
DROP TYPE "public"."driver_app_event_type";

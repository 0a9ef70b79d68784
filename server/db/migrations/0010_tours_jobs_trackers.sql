CREATE TYPE "public"."failure_reason" AS ENUM('ABSENT', 'REFUSED', 'ADDRESS_PROBLEM', 'TRAFFIC');--> statement-breakpoint
CREATE TYPE "public"."job_outcome" AS ENUM('DELIVERED_TO_CONSIGNEE', 'DELIVERED_TO_NEIGHBOUR', 'DELIVERED_TO_PARCEL_SHOP', 'DEPOSITED', 'DELIVERY_FAILED', 'PICKED_UP', 'PICKUP_FAILED', 'COLLECTED', 'COLLECTION_FAILED');--> statement-breakpoint
CREATE TYPE "public"."job_state" AS ENUM('OPEN', 'ON_TOUR', 'DONE');--> statement-breakpoint
CREATE TYPE "public"."job_type" AS ENUM('DELIVERY', 'PICKUP', 'COLLECTION', 'CUSTOM', 'UNKNOWN');--> statement-breakpoint
CREATE TYPE "public"."status_source" AS ENUM('DRIVER_APP', 'DATA_GATEWAY', 'BACK_OFFICE', 'SYSTEM');--> statement-breakpoint
CREATE TYPE "public"."time_frame_source" AS ENUM('ASSIGNMENT', 'DRIVER');--> statement-breakpoint
CREATE TYPE "public"."confirmation_source" AS ENUM('DRIVER', 'SYSTEM');--> statement-breakpoint
CREATE TYPE "public"."sequence_optimisation" AS ENUM('FREE', 'FIXED', 'PREVIOUS');--> statement-breakpoint
CREATE TYPE "public"."tour_state" AS ENUM('NOT_STARTED', 'ON_ROAD', 'FINISHED');--> statement-breakpoint
CREATE TYPE "public"."tour_type" AS ENUM('NTC', 'TCG', 'USER');--> statement-breakpoint
CREATE TYPE "public"."waypoint_state" AS ENUM('CURRENT', 'DONE', 'OPEN', 'UNASSIGNED');--> statement-breakpoint
CREATE TABLE "driver_app_logins" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"depot_id" text NOT NULL,
	"scope_path" text NOT NULL,
	"vehicle_id" text,
	"user_id" text,
	"tour_id" text,
	"source_key" text,
	"event_id" text,
	"occurred_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_statuses" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"job_id" text NOT NULL,
	"state" "job_state" NOT NULL,
	"outcome" "job_outcome",
	"reason" "failure_reason",
	"description" text,
	"occurred_at" timestamp with time zone NOT NULL,
	"source" "status_source" NOT NULL,
	"latitude" double precision,
	"longitude" double precision,
	"event_id" text
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"depot_id" text NOT NULL,
	"scope_path" text NOT NULL,
	"external_job_id" text NOT NULL,
	"type" "job_type" NOT NULL,
	"description" text,
	"quantity" integer,
	"weight_kg" double precision,
	"volume_m3" double precision,
	"height_cm" double precision,
	"width_cm" double precision,
	"length_cm" double precision,
	"services" text[] DEFAULT '{}'::text[] NOT NULL,
	"shipper_reference" text,
	"better_tracking" boolean DEFAULT false NOT NULL,
	"street" text NOT NULL,
	"house_no" text,
	"postcode" text NOT NULL,
	"locality" text,
	"country_code" text NOT NULL,
	"latitude" double precision,
	"longitude" double precision,
	"coordinate_type" "coordinate_type",
	"time_frame_from" timestamp with time zone,
	"time_frame_to" timestamp with time zone,
	"time_frame_source" time_frame_source,
	"contacts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"tour_id" text,
	"waypoint_id" text,
	"state" "job_state" DEFAULT 'OPEN' NOT NULL,
	"outcome" "job_outcome",
	"reason" "failure_reason",
	"status_at" timestamp with time zone,
	"status_source" "status_source",
	"content_hash" text NOT NULL,
	"sender_id" text,
	"imported_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "parcels" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"job_id" text NOT NULL,
	"parcel_number" text NOT NULL,
	"tracking_id" text
);
--> statement-breakpoint
CREATE TABLE "custom_waypoints" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"tour_id" text NOT NULL,
	"scope_path" text NOT NULL,
	"name" text NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"street" text,
	"house_no" text,
	"postcode" text,
	"locality" text,
	"country_code" text,
	"position" integer,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	"waypoint_id" text
);
--> statement-breakpoint
CREATE TABLE "tour_processing_queue" (
	"tour_id" text PRIMARY KEY NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tours" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"depot_id" text NOT NULL,
	"scope_path" text NOT NULL,
	"tour_date" date NOT NULL,
	"tour_number" text NOT NULL,
	"vehicle_id" text NOT NULL,
	"subcontractor_id" text,
	"driver_id" text,
	"tour_type" "tour_type" DEFAULT 'NTC' NOT NULL,
	"sequence_optimisation" "sequence_optimisation" DEFAULT 'FREE' NOT NULL,
	"planned_start" timestamp with time zone,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"state" "tour_state" DEFAULT 'NOT_STARTED' NOT NULL,
	"waypoints_total" integer DEFAULT 0 NOT NULL,
	"waypoints_done" integer DEFAULT 0 NOT NULL,
	"jobs_total" integer DEFAULT 0 NOT NULL,
	"jobs_successful" integer DEFAULT 0 NOT NULL,
	"jobs_failed" integer DEFAULT 0 NOT NULL,
	"distance_metres" double precision DEFAULT 0 NOT NULL,
	"sequence_fidelity" real,
	"projected_finish_at" timestamp with time zone,
	"last_event_at" timestamp with time zone,
	"processed_seq" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "waypoints" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"tour_id" text NOT NULL,
	"stop_key" text NOT NULL,
	"planned_sequence" integer NOT NULL,
	"suggested_sequence" integer,
	"driven_sequence" integer,
	"state" "waypoint_state" DEFAULT 'OPEN' NOT NULL,
	"confirmation" "confirmation_source",
	"time_frame_from" timestamp with time zone,
	"time_frame_to" timestamp with time zone,
	"time_frame_source" time_frame_source,
	"eta" timestamp with time zone,
	"ata" timestamp with time zone,
	"latitude" double precision,
	"longitude" double precision,
	"coordinate_type" "coordinate_type",
	"street" text NOT NULL,
	"house_no" text,
	"postcode" text NOT NULL,
	"locality" text,
	"country_code" text NOT NULL,
	"jobs_total" integer DEFAULT 0 NOT NULL,
	"jobs_successful" integer DEFAULT 0 NOT NULL,
	"jobs_failed" integer DEFAULT 0 NOT NULL,
	"custom_waypoint_id" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vehicle_states" (
	"vehicle_id" text PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"depot_id" text NOT NULL,
	"scope_path" text NOT NULL,
	"tour_id" text,
	"latitude" double precision,
	"longitude" double precision,
	"accuracy" real,
	"speed" real,
	"heading" real,
	"battery" real,
	"position_at" timestamp with time zone,
	"app_state" text,
	"last_event_at" timestamp with time zone,
	"last_event_type" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vehicle_trackers" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"vehicle_id" text NOT NULL,
	"identifier" text NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone
);
--> statement-breakpoint
DROP INDEX "job_assignments_job_idx";--> statement-breakpoint
ALTER TABLE "job_assignments" ADD COLUMN "sequence" integer;--> statement-breakpoint
ALTER TABLE "job_assignments" ADD COLUMN "sender_id" text;--> statement-breakpoint
ALTER TABLE "driver_app_logins" ADD CONSTRAINT "driver_app_logins_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "driver_app_logins" ADD CONSTRAINT "driver_app_logins_depot_id_depots_internal_depot_id_fk" FOREIGN KEY ("depot_id") REFERENCES "public"."depots"("internal_depot_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "driver_app_logins" ADD CONSTRAINT "driver_app_logins_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "driver_app_logins" ADD CONSTRAINT "driver_app_logins_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_statuses" ADD CONSTRAINT "job_statuses_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_statuses" ADD CONSTRAINT "job_statuses_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_depot_id_depots_internal_depot_id_fk" FOREIGN KEY ("depot_id") REFERENCES "public"."depots"("internal_depot_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parcels" ADD CONSTRAINT "parcels_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parcels" ADD CONSTRAINT "parcels_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custom_waypoints" ADD CONSTRAINT "custom_waypoints_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custom_waypoints" ADD CONSTRAINT "custom_waypoints_tour_id_tours_id_fk" FOREIGN KEY ("tour_id") REFERENCES "public"."tours"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custom_waypoints" ADD CONSTRAINT "custom_waypoints_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tour_processing_queue" ADD CONSTRAINT "tour_processing_queue_tour_id_tours_id_fk" FOREIGN KEY ("tour_id") REFERENCES "public"."tours"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tours" ADD CONSTRAINT "tours_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tours" ADD CONSTRAINT "tours_depot_id_depots_internal_depot_id_fk" FOREIGN KEY ("depot_id") REFERENCES "public"."depots"("internal_depot_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tours" ADD CONSTRAINT "tours_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tours" ADD CONSTRAINT "tours_subcontractor_id_subcontractors_id_fk" FOREIGN KEY ("subcontractor_id") REFERENCES "public"."subcontractors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tours" ADD CONSTRAINT "tours_driver_id_users_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waypoints" ADD CONSTRAINT "waypoints_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waypoints" ADD CONSTRAINT "waypoints_tour_id_tours_id_fk" FOREIGN KEY ("tour_id") REFERENCES "public"."tours"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_states" ADD CONSTRAINT "vehicle_states_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_states" ADD CONSTRAINT "vehicle_states_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_states" ADD CONSTRAINT "vehicle_states_depot_id_depots_internal_depot_id_fk" FOREIGN KEY ("depot_id") REFERENCES "public"."depots"("internal_depot_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_trackers" ADD CONSTRAINT "vehicle_trackers_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_trackers" ADD CONSTRAINT "vehicle_trackers_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_trackers" ADD CONSTRAINT "vehicle_trackers_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "driver_app_logins_event_key" ON "driver_app_logins" USING btree ("source_key","event_id","occurred_at");--> statement-breakpoint
CREATE INDEX "driver_app_logins_tenant_at_idx" ON "driver_app_logins" USING btree ("tenant_id","occurred_at");--> statement-breakpoint
CREATE INDEX "driver_app_logins_user_idx" ON "driver_app_logins" USING btree ("user_id","occurred_at");--> statement-breakpoint
CREATE INDEX "job_statuses_job_idx" ON "job_statuses" USING btree ("job_id","occurred_at");--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_tenant_external_id_key" ON "jobs" USING btree ("tenant_id","external_job_id");--> statement-breakpoint
CREATE INDEX "jobs_tour_idx" ON "jobs" USING btree ("tour_id");--> statement-breakpoint
CREATE INDEX "jobs_waypoint_idx" ON "jobs" USING btree ("waypoint_id");--> statement-breakpoint
CREATE INDEX "jobs_depot_imported_idx" ON "jobs" USING btree ("depot_id","imported_at");--> statement-breakpoint
CREATE UNIQUE INDEX "parcels_job_number_key" ON "parcels" USING btree ("job_id","parcel_number");--> statement-breakpoint
CREATE INDEX "parcels_tenant_number_idx" ON "parcels" USING btree ("tenant_id","parcel_number" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "parcels_tenant_tracking_idx" ON "parcels" USING btree ("tenant_id","tracking_id" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "custom_waypoints_tour_idx" ON "custom_waypoints" USING btree ("tour_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tours_depot_date_number_key" ON "tours" USING btree ("depot_id","tour_date","tour_number");--> statement-breakpoint
CREATE INDEX "tours_tenant_date_idx" ON "tours" USING btree ("tenant_id","tour_date");--> statement-breakpoint
CREATE INDEX "tours_vehicle_date_idx" ON "tours" USING btree ("vehicle_id","tour_date");--> statement-breakpoint
CREATE UNIQUE INDEX "waypoints_tour_stop_key" ON "waypoints" USING btree ("tour_id","stop_key");--> statement-breakpoint
CREATE INDEX "waypoints_tour_sequence_idx" ON "waypoints" USING btree ("tour_id","planned_sequence");--> statement-breakpoint
CREATE INDEX "vehicle_states_depot_idx" ON "vehicle_states" USING btree ("depot_id");--> statement-breakpoint
CREATE UNIQUE INDEX "vehicle_trackers_identifier_key" ON "vehicle_trackers" USING btree ("identifier");--> statement-breakpoint
CREATE INDEX "vehicle_trackers_vehicle_idx" ON "vehicle_trackers" USING btree ("vehicle_id");--> statement-breakpoint
CREATE UNIQUE INDEX "job_assignments_job_key_date_key" ON "job_assignments" USING btree ("job_id","assignment_key","assignment_date");
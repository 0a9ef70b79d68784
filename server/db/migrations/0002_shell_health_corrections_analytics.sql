CREATE TYPE "public"."address_correction_status" AS ENUM('PENDING', 'APPROVED', 'REJECTED');--> statement-breakpoint
CREATE TYPE "public"."coordinate_type" AS ENUM('ROOFTOP', 'STREET', 'HANDOVER');--> statement-breakpoint
CREATE TYPE "public"."driver_comment_reason" AS ENUM('BEST_PARKING', 'EASIER_NAVIGATION', 'OTHER', 'PIN_POSITION');--> statement-breakpoint
CREATE TYPE "public"."driver_app_event_type" AS ENUM('LOGIN', 'LOGOUT', 'POSITION', 'SCAN', 'STATUS_CHANGE');--> statement-breakpoint
CREATE TABLE "address_corrections" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"depot_id" text NOT NULL,
	"scope_path" text NOT NULL,
	"status" "address_correction_status" DEFAULT 'PENDING' NOT NULL,
	"current_latitude" double precision NOT NULL,
	"current_longitude" double precision NOT NULL,
	"corrected_latitude" double precision NOT NULL,
	"corrected_longitude" double precision NOT NULL,
	"coordinate_type" "coordinate_type" NOT NULL,
	"distance_m" double precision NOT NULL,
	"navigation_address" text NOT NULL,
	"driver_comment_reason" "driver_comment_reason",
	"driver_comment" text,
	"done_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "driver_app_events" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"depot_id" text NOT NULL,
	"scope_path" text NOT NULL,
	"vehicle_id" text,
	"user_id" text,
	"type" "driver_app_event_type" NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_assignments" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"depot_id" text NOT NULL,
	"scope_path" text NOT NULL,
	"job_id" text NOT NULL,
	"assignment_date" date NOT NULL,
	"assignment_key" text NOT NULL,
	"assignment_value" text NOT NULL,
	"priority_group" text,
	"scan_time" timestamp with time zone,
	"source" text,
	"created_ext_at" timestamp with time zone,
	"imported_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expired_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "page_views" (
	"id" text PRIMARY KEY NOT NULL,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL,
	"path" text NOT NULL,
	"route_name" text,
	"language" text NOT NULL,
	"screen" text NOT NULL,
	"tenant_id" text,
	"roles" text[] NOT NULL
);
--> statement-breakpoint
ALTER TABLE "address_corrections" ADD CONSTRAINT "address_corrections_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "address_corrections" ADD CONSTRAINT "address_corrections_depot_id_depots_internal_depot_id_fk" FOREIGN KEY ("depot_id") REFERENCES "public"."depots"("internal_depot_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "address_corrections" ADD CONSTRAINT "address_corrections_done_by_users_id_fk" FOREIGN KEY ("done_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "driver_app_events" ADD CONSTRAINT "driver_app_events_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "driver_app_events" ADD CONSTRAINT "driver_app_events_depot_id_depots_internal_depot_id_fk" FOREIGN KEY ("depot_id") REFERENCES "public"."depots"("internal_depot_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "driver_app_events" ADD CONSTRAINT "driver_app_events_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "driver_app_events" ADD CONSTRAINT "driver_app_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_assignments" ADD CONSTRAINT "job_assignments_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_assignments" ADD CONSTRAINT "job_assignments_depot_id_depots_internal_depot_id_fk" FOREIGN KEY ("depot_id") REFERENCES "public"."depots"("internal_depot_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "page_views" ADD CONSTRAINT "page_views_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "address_corrections_pending_scope_idx" ON "address_corrections" USING btree ("scope_path" text_pattern_ops) WHERE "address_corrections"."status" = 'PENDING';--> statement-breakpoint
CREATE INDEX "address_corrections_depot_created_idx" ON "address_corrections" USING btree ("depot_id","created_at");--> statement-breakpoint
CREATE INDEX "driver_app_events_depot_vehicle_status_idx" ON "driver_app_events" USING btree ("depot_id","occurred_at") WHERE "driver_app_events"."type" in ('SCAN', 'STATUS_CHANGE') and "driver_app_events"."vehicle_id" is not null;--> statement-breakpoint
CREATE INDEX "driver_app_events_tenant_vehicle_status_idx" ON "driver_app_events" USING btree ("tenant_id","occurred_at") WHERE "driver_app_events"."type" in ('SCAN', 'STATUS_CHANGE') and "driver_app_events"."vehicle_id" is not null;--> statement-breakpoint
CREATE INDEX "driver_app_events_vehicle_idx" ON "driver_app_events" USING btree ("vehicle_id","occurred_at");--> statement-breakpoint
CREATE INDEX "job_assignments_depot_date_imported_idx" ON "job_assignments" USING btree ("depot_id","assignment_date","imported_at");--> statement-breakpoint
CREATE INDEX "job_assignments_tenant_date_imported_idx" ON "job_assignments" USING btree ("tenant_id","assignment_date","imported_at");--> statement-breakpoint
CREATE INDEX "job_assignments_job_idx" ON "job_assignments" USING btree ("job_id");--> statement-breakpoint
CREATE INDEX "page_views_occurred_at_idx" ON "page_views" USING btree ("occurred_at");--> statement-breakpoint
CREATE INDEX "page_views_tenant_occurred_at_idx" ON "page_views" USING btree ("tenant_id","occurred_at");
CREATE TYPE "public"."role_context" AS ENUM('ADMIN', 'TENANT', 'DEPOT', 'SUBCONTRACTOR');--> statement-breakpoint
CREATE TYPE "public"."date_format" AS ENUM('DATE_L_PERIOD', 'DATE_L_SLASH', 'DATE_B_SLASH', 'DATE_M_DASH');--> statement-breakpoint
CREATE TYPE "public"."length_format" AS ENUM('LENGTH_METRIC', 'LENGTH_IMPERIAL');--> statement-breakpoint
CREATE TYPE "public"."number_format" AS ENUM('DE', 'EN');--> statement-breakpoint
CREATE TYPE "public"."time_format" AS ENUM('TIME_24_HOURS', 'TIME_12_HOURS_A');--> statement-breakpoint
CREATE TYPE "public"."user_type" AS ENUM('Admin', 'BackofficeManager', 'DistributionCenterManager', 'SubContractorManager', 'SubContractorUser', 'Driver', 'TempDriver', 'Fieldops');--> statement-breakpoint
CREATE TYPE "public"."weight_format" AS ENUM('WEIGHT_METRIC', 'WEIGHT_IMPERIAL');--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" text PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_user_id" text,
	"actor_sub" text,
	"tenant_id" text,
	"action" text NOT NULL,
	"entity_type" text NOT NULL,
	"entity_id" text,
	"changes" jsonb,
	"request_id" text,
	"ip" text
);
--> statement-breakpoint
CREATE TABLE "depot_config_revisions" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"depot_id" text NOT NULL,
	"revision" integer NOT NULL,
	"document" jsonb NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tenant_config_revisions" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"revision" integer NOT NULL,
	"document" jsonb NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "depots" (
	"internal_depot_id" text PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"group_id" text NOT NULL,
	"external_depot_id" text NOT NULL,
	"name" text NOT NULL,
	"street" text NOT NULL,
	"house_no" text,
	"postcode" text NOT NULL,
	"locality" text NOT NULL,
	"country_code" text NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"time_zone" text NOT NULL,
	"device_mappings" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"manual_job_upload_enabled" boolean DEFAULT false NOT NULL,
	"scope_path" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "identity_sessions" (
	"origin_jti" text PRIMARY KEY NOT NULL,
	"sub" text NOT NULL,
	"client_id" text NOT NULL,
	"refresh_token_hash" text NOT NULL,
	"auth_time" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "identity_signing_keys" (
	"kid" text PRIMARY KEY NOT NULL,
	"token_use" text NOT NULL,
	"private_key" text NOT NULL,
	"public_jwk" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"retired_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "identity_users" (
	"sub" text PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"email" text,
	"email_verified" boolean DEFAULT false NOT NULL,
	"password_hash" text,
	"status" text DEFAULT 'CONFIRMED' NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"attributes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"tokens_valid_after" timestamp with time zone,
	"temporary_password_expires_at" timestamp with time zone,
	"failed_attempts" integer DEFAULT 0 NOT NULL,
	"last_failed_at" timestamp with time zone,
	"locked_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "depot_groups" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tenants" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"country_code" text NOT NULL,
	"time_zone" text DEFAULT 'Europe/Berlin' NOT NULL,
	"business_hours_from" text DEFAULT '00:00' NOT NULL,
	"business_hours_to" text DEFAULT '23:59' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "permission_assignments" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"role_id" text NOT NULL,
	"scope_path" text NOT NULL,
	"tenant_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "roles" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" text,
	"name" text NOT NULL,
	"contexts" "role_context"[] NOT NULL,
	"actions" text[] NOT NULL,
	"visibility_path" text DEFAULT '' NOT NULL,
	"fixed" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subcontractors" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"depot_id" text NOT NULL,
	"name" text NOT NULL,
	"code" text NOT NULL,
	"scope_path" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_settings" (
	"user_id" text PRIMARY KEY NOT NULL,
	"date_format" date_format NOT NULL,
	"time_format" time_format NOT NULL,
	"length_format" "length_format" NOT NULL,
	"weight_format" "weight_format" NOT NULL,
	"number_format" "number_format" NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" text,
	"type" "user_type" NOT NULL,
	"email" text,
	"username" text,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"mobile_phone" text,
	"land_line" text,
	"subcontractor_id" text,
	"vehicle_id" text,
	"driver_type" text,
	"wants_second_screen_news" boolean DEFAULT false NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"scope_path" text,
	"identity_sub" text,
	"last_login_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vehicles" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"depot_id" text NOT NULL,
	"subcontractor_id" text NOT NULL,
	"number" text NOT NULL,
	"base_driver_id" text,
	"scope_path" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "depot_config_revisions" ADD CONSTRAINT "depot_config_revisions_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "depot_config_revisions" ADD CONSTRAINT "depot_config_revisions_depot_id_depots_internal_depot_id_fk" FOREIGN KEY ("depot_id") REFERENCES "public"."depots"("internal_depot_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "depot_config_revisions" ADD CONSTRAINT "depot_config_revisions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tenant_config_revisions" ADD CONSTRAINT "tenant_config_revisions_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tenant_config_revisions" ADD CONSTRAINT "tenant_config_revisions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "depots" ADD CONSTRAINT "depots_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "depots" ADD CONSTRAINT "depots_group_id_depot_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."depot_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_sessions" ADD CONSTRAINT "identity_sessions_sub_identity_users_sub_fk" FOREIGN KEY ("sub") REFERENCES "public"."identity_users"("sub") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "depot_groups" ADD CONSTRAINT "depot_groups_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "permission_assignments" ADD CONSTRAINT "permission_assignments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "permission_assignments" ADD CONSTRAINT "permission_assignments_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "permission_assignments" ADD CONSTRAINT "permission_assignments_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roles" ADD CONSTRAINT "roles_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subcontractors" ADD CONSTRAINT "subcontractors_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subcontractors" ADD CONSTRAINT "subcontractors_depot_id_depots_internal_depot_id_fk" FOREIGN KEY ("depot_id") REFERENCES "public"."depots"("internal_depot_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_settings" ADD CONSTRAINT "user_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_subcontractor_id_subcontractors_id_fk" FOREIGN KEY ("subcontractor_id") REFERENCES "public"."subcontractors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicles" ADD CONSTRAINT "vehicles_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicles" ADD CONSTRAINT "vehicles_depot_id_depots_internal_depot_id_fk" FOREIGN KEY ("depot_id") REFERENCES "public"."depots"("internal_depot_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicles" ADD CONSTRAINT "vehicles_subcontractor_id_subcontractors_id_fk" FOREIGN KEY ("subcontractor_id") REFERENCES "public"."subcontractors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicles" ADD CONSTRAINT "vehicles_base_driver_id_users_id_fk" FOREIGN KEY ("base_driver_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_tenant_at_idx" ON "audit_log" USING btree ("tenant_id","at");--> statement-breakpoint
CREATE INDEX "audit_log_entity_idx" ON "audit_log" USING btree ("entity_type","entity_id");--> statement-breakpoint
CREATE UNIQUE INDEX "depot_config_revisions_depot_revision_key" ON "depot_config_revisions" USING btree ("depot_id","revision");--> statement-breakpoint
CREATE UNIQUE INDEX "tenant_config_revisions_tenant_revision_key" ON "tenant_config_revisions" USING btree ("tenant_id","revision");--> statement-breakpoint
CREATE UNIQUE INDEX "depots_tenant_external_id_key" ON "depots" USING btree ("tenant_id","external_depot_id");--> statement-breakpoint
CREATE INDEX "depots_scope_path_idx" ON "depots" USING btree ("scope_path" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "depots_group_idx" ON "depots" USING btree ("group_id");--> statement-breakpoint
CREATE UNIQUE INDEX "identity_sessions_refresh_token_key" ON "identity_sessions" USING btree ("refresh_token_hash");--> statement-breakpoint
CREATE INDEX "identity_sessions_sub_idx" ON "identity_sessions" USING btree ("sub");--> statement-breakpoint
CREATE UNIQUE INDEX "identity_users_username_key" ON "identity_users" USING btree ("username");--> statement-breakpoint
CREATE UNIQUE INDEX "depot_groups_tenant_name_key" ON "depot_groups" USING btree ("tenant_id","name");--> statement-breakpoint
CREATE INDEX "depot_groups_tenant_idx" ON "depot_groups" USING btree ("tenant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "permission_assignments_user_role_scope_key" ON "permission_assignments" USING btree ("user_id","role_id","scope_path");--> statement-breakpoint
CREATE INDEX "permission_assignments_role_idx" ON "permission_assignments" USING btree ("role_id");--> statement-breakpoint
CREATE INDEX "permission_assignments_scope_idx" ON "permission_assignments" USING btree ("scope_path" text_pattern_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "roles_tenant_name_key" ON "roles" USING btree ("tenant_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "subcontractors_depot_name_key" ON "subcontractors" USING btree ("depot_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "subcontractors_depot_code_key" ON "subcontractors" USING btree ("depot_id","code");--> statement-breakpoint
CREATE INDEX "subcontractors_scope_path_idx" ON "subcontractors" USING btree ("scope_path" text_pattern_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_key" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_key" ON "users" USING btree (upper("username"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_identity_sub_key" ON "users" USING btree ("identity_sub");--> statement-breakpoint
CREATE INDEX "users_tenant_type_idx" ON "users" USING btree ("tenant_id","type");--> statement-breakpoint
CREATE INDEX "users_scope_path_idx" ON "users" USING btree ("scope_path" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "users_subcontractor_idx" ON "users" USING btree ("subcontractor_id");--> statement-breakpoint
CREATE UNIQUE INDEX "vehicles_depot_number_key" ON "vehicles" USING btree ("depot_id","number");--> statement-breakpoint
CREATE INDEX "vehicles_subcontractor_idx" ON "vehicles" USING btree ("subcontractor_id");--> statement-breakpoint
CREATE INDEX "vehicles_scope_path_idx" ON "vehicles" USING btree ("scope_path" text_pattern_ops);
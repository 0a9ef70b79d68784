CREATE TABLE "consignee_reviews" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"depot_id" text NOT NULL,
	"scope_path" text NOT NULL,
	"tour_id" text NOT NULL,
	"waypoint_id" text,
	"job_id" text,
	"parcel_number" text,
	"stars" integer NOT NULL,
	"comment" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tour_analytics" (
	"tour_id" text PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"depot_id" text NOT NULL,
	"tour_date" date NOT NULL,
	"processed_seq" bigint DEFAULT 0 NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"app_usage" text NOT NULL,
	"app_foreground_minutes" integer,
	"eta_deviation_minutes" real,
	"eta_stops" integer DEFAULT 0 NOT NULL,
	"night_etas" integer DEFAULT 0 NOT NULL,
	"service_minutes" integer,
	"driving_minutes" integer,
	"sequence_adherence" real,
	"missed_windows" integer DEFAULT 0 NOT NULL,
	"recommendation_codes" text[] DEFAULT '{}' NOT NULL,
	"figures" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "waypoints" ADD COLUMN "departed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "waypoints" ADD COLUMN "not_considered_reason" text;--> statement-breakpoint
ALTER TABLE "waypoints" ADD COLUMN "window_miss" text;--> statement-breakpoint
ALTER TABLE "waypoints" ADD COLUMN "missed_window_cause" text;--> statement-breakpoint
ALTER TABLE "consignee_reviews" ADD CONSTRAINT "consignee_reviews_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consignee_reviews" ADD CONSTRAINT "consignee_reviews_depot_id_depots_internal_depot_id_fk" FOREIGN KEY ("depot_id") REFERENCES "public"."depots"("internal_depot_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consignee_reviews" ADD CONSTRAINT "consignee_reviews_tour_id_tours_id_fk" FOREIGN KEY ("tour_id") REFERENCES "public"."tours"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tour_analytics" ADD CONSTRAINT "tour_analytics_tour_id_tours_id_fk" FOREIGN KEY ("tour_id") REFERENCES "public"."tours"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tour_analytics" ADD CONSTRAINT "tour_analytics_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tour_analytics" ADD CONSTRAINT "tour_analytics_depot_id_depots_internal_depot_id_fk" FOREIGN KEY ("depot_id") REFERENCES "public"."depots"("internal_depot_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "consignee_reviews_tour_idx" ON "consignee_reviews" USING btree ("tour_id");--> statement-breakpoint
CREATE INDEX "consignee_reviews_tenant_created_idx" ON "consignee_reviews" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE INDEX "tour_analytics_depot_date_idx" ON "tour_analytics" USING btree ("depot_id","tour_date");
-- Address delivery information of depots (docs/address-delivery-information.md): one entry per normalised address and depot.
CREATE TABLE "address_delivery_infos" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"depot_id" text NOT NULL,
	"scope_path" text NOT NULL,
	"address_key" text NOT NULL,
	"street" text NOT NULL,
	"house_no" text,
	"postcode" text NOT NULL,
	"locality" text,
	"country_code" text NOT NULL,
	"latitude" double precision,
	"longitude" double precision,
	"coordinate_type" "coordinate_type",
	"delivery_note" text,
	"access_code" text,
	"safe_place" text,
	"opening_hours" text,
	"created_by" text,
	"updated_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "address_delivery_infos" ADD CONSTRAINT "address_delivery_infos_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "address_delivery_infos" ADD CONSTRAINT "address_delivery_infos_depot_id_depots_internal_depot_id_fk" FOREIGN KEY ("depot_id") REFERENCES "public"."depots"("internal_depot_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "address_delivery_infos" ADD CONSTRAINT "address_delivery_infos_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "address_delivery_infos" ADD CONSTRAINT "address_delivery_infos_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "address_delivery_infos_depot_key" ON "address_delivery_infos" USING btree ("depot_id","address_key");
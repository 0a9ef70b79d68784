-- The user list searches with trigrams (issue 5); pg_trgm ships with PostgreSQL (contrib) and PGlite.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "driver_app_events_tenant_login_idx" ON "driver_app_events" USING btree ("tenant_id","occurred_at") WHERE "driver_app_events"."type" = 'LOGIN';--> statement-breakpoint
CREATE INDEX "users_name_sort_idx" ON "users" USING btree (lower("last_name"),lower("first_name"),"id");--> statement-breakpoint
CREATE INDEX "users_created_sort_idx" ON "users" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "users_search_trgm_idx" ON "users" USING gin (lower("first_name" || ' ' || "last_name" || ' ' || coalesce("email", '')) gin_trgm_ops);
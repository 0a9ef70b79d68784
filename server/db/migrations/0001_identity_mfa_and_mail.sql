CREATE TABLE "identity_challenges" (
	"session_hash" text PRIMARY KEY NOT NULL,
	"sub" text NOT NULL,
	"challenge_name" text NOT NULL,
	"totp_secret" text,
	"totp_verified" boolean DEFAULT false NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "identity_password_reset_codes" (
	"username_key" text PRIMARY KEY NOT NULL,
	"sub" text,
	"code_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"id" text PRIMARY KEY NOT NULL,
	"to" text NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"html" text,
	"kind" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now(),
	"sent_at" timestamp with time zone,
	"last_error" text
);
--> statement-breakpoint
CREATE TABLE "rate_limit_counters" (
	"bucket" text NOT NULL,
	"subject" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"hits" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "rate_limit_counters_bucket_subject_window_start_pk" PRIMARY KEY("bucket","subject","window_start")
);
--> statement-breakpoint
ALTER TABLE "identity_users" ADD COLUMN "mfa_enabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "identity_users" ADD COLUMN "totp_secret" text;--> statement-breakpoint
ALTER TABLE "identity_users" ADD COLUMN "totp_pending_secret" text;--> statement-breakpoint
ALTER TABLE "identity_users" ADD COLUMN "totp_last_step" integer;--> statement-breakpoint
ALTER TABLE "identity_users" ADD COLUMN "mfa_failed_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "identity_users" ADD COLUMN "mfa_last_failed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "identity_users" ADD COLUMN "mfa_locked_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "identity_challenges" ADD CONSTRAINT "identity_challenges_sub_identity_users_sub_fk" FOREIGN KEY ("sub") REFERENCES "public"."identity_users"("sub") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_password_reset_codes" ADD CONSTRAINT "identity_password_reset_codes_sub_identity_users_sub_fk" FOREIGN KEY ("sub") REFERENCES "public"."identity_users"("sub") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "identity_challenges_sub_idx" ON "identity_challenges" USING btree ("sub");--> statement-breakpoint
CREATE INDEX "identity_challenges_expires_idx" ON "identity_challenges" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "identity_password_reset_codes_expires_idx" ON "identity_password_reset_codes" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "mail_outbox_due_idx" ON "mail_outbox" USING btree ("next_attempt_at") WHERE "mail_outbox"."sent_at" is null;--> statement-breakpoint
CREATE INDEX "mail_outbox_created_idx" ON "mail_outbox" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "rate_limit_counters_window_idx" ON "rate_limit_counters" USING btree ("window_start");
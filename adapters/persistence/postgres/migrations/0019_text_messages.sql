CREATE TABLE "text_outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"application_id" integer,
	"user_id" integer,
	"to_number" text NOT NULL,
	"template" text NOT NULL,
	"body" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp (3) with time zone,
	"provider_id" text,
	"last_error" text,
	"failed_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "sms_updates" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "text_outbox_application_idx" ON "text_outbox" USING btree ("application_id","id");--> statement-breakpoint
CREATE INDEX "text_outbox_waiting_idx" ON "text_outbox" USING btree ("id") WHERE sent_at is null and failed_at is null;
CREATE TABLE "portal_outages" (
	"id" serial PRIMARY KEY NOT NULL,
	"message" text NOT NULL,
	"started_at" timestamp (3) with time zone NOT NULL,
	"started_by" integer,
	"ended_at" timestamp (3) with time zone,
	"ended_by" integer,
	"updated_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "guarantee_paused_for" text;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "outage_notice_id" integer;--> statement-breakpoint
ALTER TABLE "portal_outages" ADD CONSTRAINT "portal_outages_started_by_users_id_fk" FOREIGN KEY ("started_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portal_outages" ADD CONSTRAINT "portal_outages_ended_by_users_id_fk" FOREIGN KEY ("ended_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
UPDATE "applications" SET "guarantee_paused_for" = 'applicant' WHERE "guarantee_paused_at" IS NOT NULL;
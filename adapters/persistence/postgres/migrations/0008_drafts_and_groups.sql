CREATE TABLE "application_drafts" (
	"user_id" integer NOT NULL,
	"fields" jsonb NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "application_drafts_user_id_pk" PRIMARY KEY("user_id")
);
--> statement-breakpoint
CREATE TABLE "application_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "payments_provider_payment_id_unique";--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "group_id" integer;--> statement-breakpoint
ALTER TABLE "application_drafts" ADD CONSTRAINT "application_drafts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_groups" ADD CONSTRAINT "application_groups_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "application_groups_user_idx" ON "application_groups" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_group_id_application_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."application_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "applications_group_idx" ON "applications" USING btree ("group_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_provider_payment_application_unique" ON "payments" USING btree ("provider_payment_id","application_id");
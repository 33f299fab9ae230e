CREATE TABLE "application_replies" (
	"id" serial PRIMARY KEY NOT NULL,
	"application_id" integer NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "replied_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "reply_id" integer;--> statement-breakpoint
ALTER TABLE "application_replies" ADD CONSTRAINT "application_replies_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "application_replies_application_idx" ON "application_replies" USING btree ("application_id","created_at");--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_reply_id_application_replies_id_fk" FOREIGN KEY ("reply_id") REFERENCES "public"."application_replies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "documents_reply_idx" ON "documents" USING btree ("reply_id");
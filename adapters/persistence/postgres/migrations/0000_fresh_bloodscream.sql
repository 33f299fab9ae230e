CREATE TABLE "analytics_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"path" text,
	"user_id" integer,
	"properties" jsonb NOT NULL,
	"occurred_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "applications" (
	"id" serial PRIMARY KEY NOT NULL,
	"application_number" text NOT NULL,
	"user_id" integer NOT NULL,
	"status" text DEFAULT 'online_entry' NOT NULL,
	"given_name" text NOT NULL,
	"surname" text NOT NULL,
	"gender" text NOT NULL,
	"date_of_birth" text NOT NULL,
	"nationality" text NOT NULL,
	"country_of_birth" text NOT NULL,
	"original_nationality" text,
	"other_nationalities" boolean DEFAULT false NOT NULL,
	"other_nationality" text,
	"marital_status" text NOT NULL,
	"profession" text NOT NULL,
	"purpose_of_visit" text DEFAULT 'tourism' NOT NULL,
	"entry" text DEFAULT 'Single' NOT NULL,
	"expected_arrival_date" text NOT NULL,
	"expected_departure_date" text NOT NULL,
	"passport_number" text NOT NULL,
	"passport_expiry" text NOT NULL,
	"visited_egypt_before" boolean DEFAULT false NOT NULL,
	"last_visit_date_from" text,
	"last_visit_date_to" text,
	"last_visit_stay_location" text,
	"has_been_deported" boolean DEFAULT false NOT NULL,
	"deported_from" text,
	"deportation_date" text,
	"deportation_reason" text,
	"privacy_policy_accepted" boolean DEFAULT false NOT NULL,
	"address" text,
	"city" text,
	"postcode" text,
	"hotel_details" text,
	"initial_payment_id" text,
	"final_payment_id" text,
	"visa_document" text,
	"additional_info_message" text,
	"requires_passport_reupload" boolean DEFAULT false NOT NULL,
	"passport_reuploaded_at" timestamp (3) with time zone,
	"payment_reminder_sent" timestamp (3) with time zone,
	"initial_payment_at" timestamp (3) with time zone,
	"guarantee_deadline" timestamp (3) with time zone,
	"approved_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "applications_status_check" CHECK (status in ('online_entry', 'application_created', 'under_process', 'additional_info_required', 'verified', 'approved', 'rejected', 'final_payment_received')),
	CONSTRAINT "applications_version_check" CHECK ("applications"."version" >= 1)
);
--> statement-breakpoint
CREATE TABLE "contact_enquiries" (
	"id" serial PRIMARY KEY NOT NULL,
	"full_name" text NOT NULL,
	"email" text NOT NULL,
	"phone_number" text NOT NULL,
	"nationality" text NOT NULL,
	"purpose_of_travel" text NOT NULL,
	"user_id" integer NOT NULL,
	"existing_account" boolean DEFAULT false NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"application_id" integer NOT NULL,
	"type" text NOT NULL,
	"file_name" text NOT NULL,
	"storage_key" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"verification_notes" text,
	"uploaded_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"verified_at" timestamp (3) with time zone
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"to_address" text NOT NULL,
	"template" text NOT NULL,
	"data" jsonb NOT NULL,
	"attachments" jsonb,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp (3) with time zone,
	"last_error" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"application_id" integer NOT NULL,
	"user_id" integer,
	"type" text NOT NULL,
	"provider_payment_id" text,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id_hash" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "status_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"application_id" integer NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"changed_by" integer,
	"changed_by_name" text NOT NULL,
	"message" text,
	"changed_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"full_name" text NOT NULL,
	"phone_number" text NOT NULL,
	"is_admin" boolean DEFAULT false NOT NULL,
	"needs_password_change" boolean DEFAULT false NOT NULL,
	"application_reminder_sent" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_enquiries" ADD CONSTRAINT "contact_enquiries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "status_history" ADD CONSTRAINT "status_history_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "status_history" ADD CONSTRAINT "status_history_changed_by_users_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "analytics_events_name_idx" ON "analytics_events" USING btree ("name","occurred_at");--> statement-breakpoint
CREATE INDEX "analytics_events_occurred_idx" ON "analytics_events" USING btree ("occurred_at");--> statement-breakpoint
CREATE UNIQUE INDEX "applications_number_unique" ON "applications" USING btree ("application_number");--> statement-breakpoint
CREATE INDEX "applications_user_idx" ON "applications" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "applications_status_created_idx" ON "applications" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "applications_created_idx" ON "applications" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "applications_guarantee_idx" ON "applications" USING btree ("guarantee_deadline");--> statement-breakpoint
CREATE INDEX "applications_number_lower_idx" ON "applications" USING btree ((lower("application_number")) text_pattern_ops);--> statement-breakpoint
CREATE INDEX "applications_passport_lower_idx" ON "applications" USING btree ((lower("passport_number")) text_pattern_ops);--> statement-breakpoint
CREATE INDEX "applications_given_name_lower_idx" ON "applications" USING btree ((lower("given_name")) text_pattern_ops);--> statement-breakpoint
CREATE INDEX "applications_surname_lower_idx" ON "applications" USING btree ((lower("surname")) text_pattern_ops);--> statement-breakpoint
CREATE INDEX "applications_full_name_lower_idx" ON "applications" USING btree ((lower("given_name" || ' ' || "surname")) text_pattern_ops);--> statement-breakpoint
CREATE INDEX "contact_enquiries_email_lower_idx" ON "contact_enquiries" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "contact_enquiries_user_idx" ON "contact_enquiries" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "documents_application_idx" ON "documents" USING btree ("application_id");--> statement-breakpoint
CREATE INDEX "documents_type_idx" ON "documents" USING btree ("type");--> statement-breakpoint
CREATE INDEX "mail_outbox_due_idx" ON "mail_outbox" USING btree ("next_attempt_at","id") WHERE sent_at is null;--> statement-breakpoint
CREATE INDEX "mail_outbox_to_idx" ON "mail_outbox" USING btree (lower("to_address"));--> statement-breakpoint
CREATE UNIQUE INDEX "payments_application_type_unique" ON "payments" USING btree ("application_id","type");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_provider_payment_id_unique" ON "payments" USING btree ("provider_payment_id");--> statement-breakpoint
CREATE INDEX "payments_created_idx" ON "payments" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_last_seen_idx" ON "sessions" USING btree ("last_seen_at");--> statement-breakpoint
CREATE INDEX "status_history_application_idx" ON "status_history" USING btree ("application_id","changed_at");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_lower_unique" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "users_email_pattern_idx" ON "users" USING btree ((lower("email")) text_pattern_ops);--> statement-breakpoint
CREATE INDEX "users_full_name_lower_idx" ON "users" USING btree ((lower("full_name")) text_pattern_ops);--> statement-breakpoint
CREATE INDEX "users_created_at_idx" ON "users" USING btree ("created_at");
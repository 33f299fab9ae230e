CREATE TABLE "receipt_counters" (
	"year" integer NOT NULL,
	"last" integer NOT NULL,
	CONSTRAINT "receipt_counters_year_pk" PRIMARY KEY("year")
);
--> statement-breakpoint
CREATE TABLE "receipts" (
	"id" serial PRIMARY KEY NOT NULL,
	"number" text NOT NULL,
	"key" text NOT NULL,
	"kind" text NOT NULL,
	"payment_type" text NOT NULL,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"application_id" integer NOT NULL,
	"group_id" integer,
	"user_id" integer,
	"payer_name" text NOT NULL,
	"payer_email" text NOT NULL,
	"lines" jsonb NOT NULL,
	"card_brand" text,
	"card_last4" text,
	"refers_to" text,
	"issued_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "refunds" (
	"id" serial PRIMARY KEY NOT NULL,
	"payment_id" integer NOT NULL,
	"application_id" integer NOT NULL,
	"payment_type" text NOT NULL,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"reason" text NOT NULL,
	"status" text NOT NULL,
	"source" text NOT NULL,
	"requested_by" integer,
	"requested_by_name" text NOT NULL,
	"approved_by" integer,
	"approved_by_name" text,
	"gateway_refund_id" text,
	"failure_reason" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refunds_amount_check" CHECK ("refunds"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "refunded_amount" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "service_start_requested_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "cancelled_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "cancellation_requested_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "cancellation_reason" text;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "cancellation_response" text;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "cancellation_declined_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_approved_by_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "receipts_number_unique" ON "receipts" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "receipts_key_unique" ON "receipts" USING btree ("key");--> statement-breakpoint
CREATE INDEX "receipts_application_idx" ON "receipts" USING btree ("application_id");--> statement-breakpoint
CREATE INDEX "receipts_group_idx" ON "receipts" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "receipts_issued_idx" ON "receipts" USING btree ("issued_at");--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_gateway_refund_unique" ON "refunds" USING btree ("gateway_refund_id");--> statement-breakpoint
CREATE INDEX "refunds_payment_idx" ON "refunds" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "refunds_application_idx" ON "refunds" USING btree ("application_id");--> statement-breakpoint
CREATE INDEX "refunds_created_idx" ON "refunds" USING btree ("created_at");
CREATE TABLE "test_payments" (
	"id" text PRIMARY KEY NOT NULL,
	"client_secret" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"status" text NOT NULL,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"application_id" integer,
	"payment_type" text,
	"failure_message" text,
	"card_brand" text,
	"card_last4" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "test_refunds" (
	"id" text PRIMARY KEY NOT NULL,
	"payment_id" text NOT NULL,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"status" text NOT NULL,
	"refund_id" integer,
	"failure_reason" text,
	"idempotency_key" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "evisa_mailed_at" timestamp (3) with time zone;--> statement-breakpoint
CREATE INDEX "test_payments_fee_idx" ON "test_payments" USING btree ("idempotency_key","created_at");--> statement-breakpoint
CREATE INDEX "test_payments_status_created_idx" ON "test_payments" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "test_refunds_key_unique" ON "test_refunds" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "test_refunds_payment_idx" ON "test_refunds" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "test_refunds_created_idx" ON "test_refunds" USING btree ("created_at");
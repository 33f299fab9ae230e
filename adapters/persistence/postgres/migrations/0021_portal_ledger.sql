CREATE TABLE "government_fees" (
	"effective_from" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"pence" integer NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	CONSTRAINT "government_fees_effective_from_pk" PRIMARY KEY("effective_from"),
	CONSTRAINT "government_fees_amount_check" CHECK ("government_fees"."amount_cents" > 0),
	CONSTRAINT "government_fees_pence_check" CHECK ("government_fees"."pence" > 0)
);
--> statement-breakpoint
CREATE TABLE "portal_ledger" (
	"application_id" integer NOT NULL,
	"reference" text,
	"state" text DEFAULT 'to_submit' NOT NULL,
	"government_fee_cents" integer,
	"government_fee_currency" text DEFAULT 'USD' NOT NULL,
	"government_fee_pence" integer,
	"paid_at" timestamp (3) with time zone,
	"receipt_storage_key" text,
	"receipt_file_name" text,
	"receipt_content_type" text,
	"receipt_size" integer,
	"receipt_uploaded_at" timestamp (3) with time zone,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "portal_ledger_application_id_pk" PRIMARY KEY("application_id"),
	CONSTRAINT "portal_ledger_state_check" CHECK (state in ('to_submit', 'submitted', 'gov_payment_failed', 'granted')),
	CONSTRAINT "portal_ledger_currency_check" CHECK ("portal_ledger"."government_fee_currency" = 'USD'),
	CONSTRAINT "portal_ledger_fee_check" CHECK ("portal_ledger"."government_fee_cents" >= 0),
	CONSTRAINT "portal_ledger_reference_check" CHECK (length("portal_ledger"."reference") <= 64),
	CONSTRAINT "portal_ledger_version_check" CHECK ("portal_ledger"."version" >= 1)
);
--> statement-breakpoint
ALTER TABLE "government_fees" ADD CONSTRAINT "government_fees_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portal_ledger" ADD CONSTRAINT "portal_ledger_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portal_ledger" ADD CONSTRAINT "portal_ledger_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "portal_ledger_paid_at_idx" ON "portal_ledger" USING btree ("paid_at");--> statement-breakpoint
CREATE INDEX "portal_ledger_receipt_idx" ON "portal_ledger" USING btree ("receipt_storage_key");--> statement-breakpoint
-- Hand-written: the first government fee (docs/product.md §2.16), the tourist single-entry visa's US$25 booked at £19.75.
INSERT INTO "government_fees" ("effective_from", "amount_cents", "pence", "created_at", "created_by") VALUES ('2020-01-01', 2500, 1975, '2020-01-01T00:00:00Z', NULL);

CREATE TABLE "report_cohort_days" (
	"day" text NOT NULL,
	"nationality" text NOT NULL,
	"applied" integer NOT NULL,
	"initial_paid" integer NOT NULL,
	"address_given" integer NOT NULL,
	"approved" integer NOT NULL,
	"final_paid" integer NOT NULL,
	CONSTRAINT "report_cohort_days_day_nationality_pk" PRIMARY KEY("day","nationality")
);
--> statement-breakpoint
CREATE TABLE "report_days" (
	"day" text PRIMARY KEY NOT NULL,
	"decided" integer NOT NULL,
	"on_time" integer NOT NULL,
	"waived" integer NOT NULL,
	"refunds" integer NOT NULL,
	"refunded_pence" integer NOT NULL,
	"initial_pence" integer NOT NULL,
	"final_pence" integer NOT NULL,
	"government_fee_pence" integer NOT NULL,
	"registered" integer NOT NULL,
	"refreshed_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_dirty_hours" (
	"hour" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_turnaround_days" (
	"day" text NOT NULL,
	"tenths" integer NOT NULL,
	"decided" integer NOT NULL,
	"on_time" integer NOT NULL,
	CONSTRAINT "report_turnaround_days_day_tenths_pk" PRIMARY KEY("day","tenths")
);
--> statement-breakpoint
CREATE INDEX "report_dirty_hours_hour_idx" ON "report_dirty_hours" USING btree ("hour");--> statement-breakpoint
-- Hand-written: the triggers that mark the hours a report counts a written row in (docs/product.md
-- §17.5). Inserts and deletes are marked once per statement (a bulk load's 5,000 rows, one insert
-- of their distinct hours); updates per row, and only when a column a report reads changed. The
-- marks have no key, so writers never wait for each other; the report-rollups job deletes them.
CREATE OR REPLACE FUNCTION "report_mark_rows"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE col text;
BEGIN
  FOREACH col IN ARRAY TG_ARGV LOOP
    EXECUTE format(
      'INSERT INTO "report_dirty_hours" ("hour") SELECT DISTINCT floor(extract(epoch FROM %1$I) / 3600)::integer FROM %2$I WHERE %1$I IS NOT NULL',
      col, CASE WHEN TG_OP = 'DELETE' THEN 'old_rows' ELSE 'new_rows' END);
  END LOOP;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "report_mark_row"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "report_dirty_hours" ("hour")
  SELECT DISTINCT floor(extract(epoch FROM v::timestamptz) / 3600)::integer
  FROM unnest(TG_ARGV) AS c(col), LATERAL (VALUES (to_jsonb(OLD) ->> c.col), (to_jsonb(NEW) ->> c.col)) AS t(v)
  WHERE v IS NOT NULL;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "report_mark_applications_insert" AFTER INSERT ON "applications"
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "report_mark_rows"('created_at', 'decided_at');--> statement-breakpoint
CREATE TRIGGER "report_mark_applications_delete" AFTER DELETE ON "applications"
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "report_mark_rows"('created_at', 'decided_at');--> statement-breakpoint
CREATE TRIGGER "report_mark_applications_update" AFTER UPDATE ON "applications" FOR EACH ROW
WHEN ((OLD."created_at", OLD."decided_at", OLD."initial_payment_at", OLD."cancelled_at", OLD."guarantee_deadline", OLD."nationality", OLD."postcode", OLD."approved_at", OLD."final_payment_id")
  IS DISTINCT FROM (NEW."created_at", NEW."decided_at", NEW."initial_payment_at", NEW."cancelled_at", NEW."guarantee_deadline", NEW."nationality", NEW."postcode", NEW."approved_at", NEW."final_payment_id"))
EXECUTE FUNCTION "report_mark_row"('created_at', 'decided_at');--> statement-breakpoint
CREATE TRIGGER "report_mark_payments_insert" AFTER INSERT ON "payments"
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "report_mark_rows"('created_at');--> statement-breakpoint
CREATE TRIGGER "report_mark_payments_delete" AFTER DELETE ON "payments"
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "report_mark_rows"('created_at');--> statement-breakpoint
CREATE TRIGGER "report_mark_payments_update" AFTER UPDATE ON "payments" FOR EACH ROW
WHEN ((OLD."created_at", OLD."status", OLD."type", OLD."amount") IS DISTINCT FROM (NEW."created_at", NEW."status", NEW."type", NEW."amount"))
EXECUTE FUNCTION "report_mark_row"('created_at');--> statement-breakpoint
CREATE TRIGGER "report_mark_refunds_insert" AFTER INSERT ON "refunds"
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "report_mark_rows"('updated_at');--> statement-breakpoint
CREATE TRIGGER "report_mark_refunds_delete" AFTER DELETE ON "refunds"
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "report_mark_rows"('updated_at');--> statement-breakpoint
CREATE TRIGGER "report_mark_refunds_update" AFTER UPDATE ON "refunds" FOR EACH ROW
WHEN ((OLD."status" = 'succeeded' OR NEW."status" = 'succeeded')
  AND (OLD."status", OLD."amount", OLD."updated_at") IS DISTINCT FROM (NEW."status", NEW."amount", NEW."updated_at"))
EXECUTE FUNCTION "report_mark_row"('updated_at');--> statement-breakpoint
CREATE TRIGGER "report_mark_portal_ledger_insert" AFTER INSERT ON "portal_ledger"
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "report_mark_rows"('paid_at');--> statement-breakpoint
CREATE TRIGGER "report_mark_portal_ledger_delete" AFTER DELETE ON "portal_ledger"
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "report_mark_rows"('paid_at');--> statement-breakpoint
CREATE TRIGGER "report_mark_portal_ledger_update" AFTER UPDATE ON "portal_ledger" FOR EACH ROW
WHEN ((OLD."paid_at", OLD."government_fee_pence") IS DISTINCT FROM (NEW."paid_at", NEW."government_fee_pence"))
EXECUTE FUNCTION "report_mark_row"('paid_at');--> statement-breakpoint
CREATE TRIGGER "report_mark_users_insert" AFTER INSERT ON "users"
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "report_mark_rows"('created_at');--> statement-breakpoint
CREATE TRIGGER "report_mark_users_delete" AFTER DELETE ON "users"
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "report_mark_rows"('created_at');--> statement-breakpoint
CREATE TRIGGER "report_mark_users_update" AFTER UPDATE ON "users" FOR EACH ROW
WHEN ((OLD."created_at", OLD."is_admin") IS DISTINCT FROM (NEW."created_at", NEW."is_admin"))
EXECUTE FUNCTION "report_mark_row"('created_at');

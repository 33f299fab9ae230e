DROP INDEX "portal_ledger_paid_at_idx";--> statement-breakpoint
ALTER TABLE "portal_ledger" ADD COLUMN "fee_at_payment_cents" integer;--> statement-breakpoint
ALTER TABLE "portal_ledger" ADD COLUMN "fee_at_payment_pence" integer;--> statement-breakpoint
ALTER TABLE "portal_ledger" ADD COLUMN "absorbed_fee_cents" integer;--> statement-breakpoint
ALTER TABLE "portal_ledger" ADD COLUMN "absorbed_fee_pence" integer;--> statement-breakpoint
ALTER TABLE "report_days" ADD COLUMN "absorbed_fee_pence" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "portal_ledger_paid_at_idx" ON "portal_ledger" USING btree ("paid_at","government_fee_pence","absorbed_fee_pence");--> statement-breakpoint
DROP TRIGGER "report_mark_portal_ledger_update" ON "portal_ledger";--> statement-breakpoint
CREATE TRIGGER "report_mark_portal_ledger_update" AFTER UPDATE ON "portal_ledger" FOR EACH ROW
WHEN ((OLD."paid_at", OLD."government_fee_pence", OLD."absorbed_fee_pence") IS DISTINCT FROM (NEW."paid_at", NEW."government_fee_pence", NEW."absorbed_fee_pence"))
EXECUTE FUNCTION "report_mark_row"('paid_at');

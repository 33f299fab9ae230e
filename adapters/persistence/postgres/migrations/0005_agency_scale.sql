CREATE TABLE "application_status_counts" (
	"status" text PRIMARY KEY NOT NULL,
	"n" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
DROP INDEX "applications_given_name_lower_idx";--> statement-breakpoint
DROP INDEX "applications_surname_lower_idx";--> statement-breakpoint
DROP INDEX "applications_full_name_lower_idx";--> statement-breakpoint
DROP INDEX "users_email_pattern_idx";--> statement-breakpoint
DROP INDEX "users_full_name_lower_idx";--> statement-breakpoint
DROP INDEX "applications_status_guarantee_idx";--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "search_given_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "search_surname" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "search_full_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "search_email" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "search_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "has_application" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "applications_search_given_name_idx" ON "applications" USING btree (("search_given_name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "applications_search_surname_idx" ON "applications" USING btree (("search_surname") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "applications_search_full_name_idx" ON "applications" USING btree (("search_full_name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "applications_initial_payment_tab_idx" ON "applications" USING btree ("created_at","id") WHERE status in ('application_created', 'under_process', 'additional_info_required');--> statement-breakpoint
CREATE INDEX "users_pseudo_entries_idx" ON "users" USING btree ("created_at","id") WHERE "is_admin" = false and "has_application" = false;--> statement-breakpoint
CREATE INDEX "users_pseudo_search_email_idx" ON "users" USING btree (("search_email") text_pattern_ops) WHERE "is_admin" = false and "has_application" = false;--> statement-breakpoint
CREATE INDEX "users_pseudo_search_name_idx" ON "users" USING btree (("search_name") text_pattern_ops) WHERE "is_admin" = false and "has_application" = false;--> statement-breakpoint
CREATE INDEX "applications_status_guarantee_idx" ON "applications" USING btree ("status","guarantee_deadline","created_at","id");--> statement-breakpoint
-- Custom part (hand-written). The search keys are folded (accents and case) by the store when it
-- writes a row (core/domain/search.ts), which SQL cannot do the same way on both dialects, so the
-- lower()-only triggers of 0002 go. Existing rows keep '' in the new keys; migrate() folds every
-- row whose keys are '' once, after the SQL migrations (shared/search-keys.ts).
DROP TRIGGER IF EXISTS "applications_search_fill" ON "applications";--> statement-breakpoint
DROP FUNCTION IF EXISTS "applications_search_fill"();--> statement-breakpoint
DROP TRIGGER IF EXISTS "users_search_sync" ON "users";--> statement-breakpoint
DROP FUNCTION IF EXISTS "users_search_sync"();--> statement-breakpoint
UPDATE "applications" SET "search_email" = '', "search_name" = '';--> statement-breakpoint
UPDATE "users" AS u SET "has_application" = true WHERE EXISTS (SELECT 1 FROM "applications" AS a WHERE a."user_id" = u."id");--> statement-breakpoint
-- The per-status counts: one row per status (so triggers only ever UPDATE), filled from today's rows,
-- then kept by triggers in the writing transaction: statement-level for inserts and deletes (a bulk
-- load updates each counter once per statement), row-level for a status change. The counter rows are
-- locked in status order, so two transactions moving applications between the same statuses never
-- deadlock.
INSERT INTO "application_status_counts" ("status", "n")
SELECT s.status, (SELECT count(*) FROM "applications" AS a WHERE a."status" = s.status)
FROM unnest(ARRAY['online_entry', 'application_created', 'under_process', 'additional_info_required', 'verified', 'approved', 'rejected', 'final_payment_received']) AS s(status);--> statement-breakpoint
CREATE OR REPLACE FUNCTION "application_status_counts_apply"(delta_rows jsonb) RETURNS void LANGUAGE plpgsql AS $$
DECLARE d record;
BEGIN
  FOR d IN SELECT key AS status, value::int AS k FROM jsonb_each_text(delta_rows) WHERE value::int <> 0 ORDER BY key LOOP
    UPDATE "application_status_counts" SET "n" = "n" + d.k WHERE "status" = d.status;
  END LOOP;
END;
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "application_status_counts_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "application_status_counts_apply"((SELECT coalesce(jsonb_object_agg(status, k), '{}') FROM (SELECT "status" AS status, count(*) AS k FROM new_rows GROUP BY 1) AS d));
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "application_status_counts_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "application_status_counts_apply"((SELECT coalesce(jsonb_object_agg(status, -k), '{}') FROM (SELECT "status" AS status, count(*) AS k FROM old_rows GROUP BY 1) AS d));
  RETURN NULL;
END;
$$;--> statement-breakpoint
-- A status change (row-level, and only when the status changed: the reminder claims and most
-- commits leave it, and pay nothing): both counter rows locked in status order, then moved.
CREATE OR REPLACE FUNCTION "application_status_counts_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM "application_status_counts" WHERE "status" IN (OLD."status", NEW."status") ORDER BY "status" FOR UPDATE;
  UPDATE "application_status_counts" SET "n" = "n" - 1 WHERE "status" = OLD."status";
  UPDATE "application_status_counts" SET "n" = "n" + 1 WHERE "status" = NEW."status";
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "application_status_counts_insert" AFTER INSERT ON "applications"
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "application_status_counts_insert"();--> statement-breakpoint
CREATE TRIGGER "application_status_counts_delete" AFTER DELETE ON "applications"
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "application_status_counts_delete"();--> statement-breakpoint
CREATE TRIGGER "application_status_counts_update" AFTER UPDATE OF "status" ON "applications"
FOR EACH ROW WHEN (OLD."status" IS DISTINCT FROM NEW."status") EXECUTE FUNCTION "application_status_counts_update"();

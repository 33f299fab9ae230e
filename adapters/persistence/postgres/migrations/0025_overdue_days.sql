CREATE TABLE "application_overdue_days" (
	"status" text NOT NULL,
	"day" integer NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "application_overdue_days_status_day_pk" PRIMARY KEY("status","day")
);
--> statement-breakpoint
-- Hand-written: fill the counts from today's rows, then keep them by triggers in the writing
-- transaction (as application_status_counts, 0005). A candidate is OVERDUE_CANDIDATE_SQL
-- (adapters/persistence/shared/sql-values.ts); its day, the UTC day of its deadline since the epoch.
INSERT INTO "application_overdue_days" ("status", "day", "n")
SELECT "status", floor(extract(epoch FROM "guarantee_deadline") / 86400)::integer, count(*)
FROM "applications"
WHERE "guarantee_deadline" is not null and "status" in ('online_entry', 'application_created', 'under_process', 'additional_info_required', 'verified') and ("guarantee_paused_at" is null or "guarantee_paused_at" > "guarantee_deadline")
GROUP BY 1, 2;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "application_overdue_candidate"(status text, deadline timestamptz, paused timestamptz) RETURNS boolean LANGUAGE sql IMMUTABLE AS $$
  SELECT deadline IS NOT NULL AND status IN ('online_entry', 'application_created', 'under_process', 'additional_info_required', 'verified') AND (paused IS NULL OR paused > deadline)
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "application_overdue_day"(deadline timestamptz) RETURNS integer LANGUAGE sql IMMUTABLE AS $$
  SELECT floor(extract(epoch FROM deadline) / 86400)::integer
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "application_overdue_days_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "application_overdue_days" ("status", "day", "n")
  SELECT "status", "application_overdue_day"("guarantee_deadline"), count(*) FROM new_rows
  WHERE "application_overdue_candidate"("status", "guarantee_deadline", "guarantee_paused_at")
  GROUP BY 1, 2 ORDER BY 1, 2
  ON CONFLICT ("status", "day") DO UPDATE SET "n" = "application_overdue_days"."n" + excluded."n";
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "application_overdue_days_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "application_overdue_days" AS c SET "n" = c."n" - d.k
  FROM (SELECT "status", "application_overdue_day"("guarantee_deadline") AS day, count(*) AS k FROM old_rows
        WHERE "application_overdue_candidate"("status", "guarantee_deadline", "guarantee_paused_at") GROUP BY 1, 2) AS d
  WHERE c."status" = d."status" AND c."day" = d.day;
  RETURN NULL;
END;
$$;--> statement-breakpoint
-- Row-level, only when the status, the deadline or the pause changed: the counter rows it moves
-- between are locked in (status, day) order first, so two moves in opposite directions never deadlock.
CREATE OR REPLACE FUNCTION "application_overdue_days_update"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  was boolean := "application_overdue_candidate"(OLD."status", OLD."guarantee_deadline", OLD."guarantee_paused_at");
  now_is boolean := "application_overdue_candidate"(NEW."status", NEW."guarantee_deadline", NEW."guarantee_paused_at");
BEGIN
  IF NOT was AND NOT now_is THEN RETURN NULL; END IF;
  PERFORM 1 FROM "application_overdue_days"
  WHERE (was AND "status" = OLD."status" AND "day" = "application_overdue_day"(OLD."guarantee_deadline"))
     OR (now_is AND "status" = NEW."status" AND "day" = "application_overdue_day"(NEW."guarantee_deadline"))
  ORDER BY "status", "day" FOR UPDATE;
  IF was THEN
    UPDATE "application_overdue_days" SET "n" = "n" - 1 WHERE "status" = OLD."status" AND "day" = "application_overdue_day"(OLD."guarantee_deadline");
  END IF;
  IF now_is THEN
    INSERT INTO "application_overdue_days" ("status", "day", "n") VALUES (NEW."status", "application_overdue_day"(NEW."guarantee_deadline"), 1)
    ON CONFLICT ("status", "day") DO UPDATE SET "n" = "application_overdue_days"."n" + 1;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "application_overdue_days_insert" AFTER INSERT ON "applications"
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "application_overdue_days_insert"();--> statement-breakpoint
CREATE TRIGGER "application_overdue_days_delete" AFTER DELETE ON "applications"
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "application_overdue_days_delete"();--> statement-breakpoint
CREATE TRIGGER "application_overdue_days_update" AFTER UPDATE ON "applications" FOR EACH ROW
WHEN ((OLD."status", OLD."guarantee_deadline", OLD."guarantee_paused_at") IS DISTINCT FROM (NEW."status", NEW."guarantee_deadline", NEW."guarantee_paused_at"))
EXECUTE FUNCTION "application_overdue_days_update"();

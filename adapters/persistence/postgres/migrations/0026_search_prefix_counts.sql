CREATE TABLE "application_search_prefixes" (
	"prefix" text NOT NULL,
	"status" text NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "application_search_prefixes_prefix_status_pk" PRIMARY KEY("prefix","status")
);
--> statement-breakpoint
CREATE TABLE "application_search_prefixes_loading" (
	"loader" integer NOT NULL
);--> statement-breakpoint
-- Hand-written: every distinct prefix of an application's six search keys (admin-filter.ts
-- searchConditions: a key matches a term when it starts with it, so the term is one of these) of up
-- to 8 characters, the passport number's of up to 3 (SEARCH_PREFIX_COUNTED and
-- PASSPORT_PREFIX_COUNTED in adapters/persistence/shared/sql-values.ts: its longer prefixes are
-- nearly unique, and the few matches they have are counted off its index), counted per status, filled from today's rows and then kept by triggers in the writing transaction (as
-- application_status_counts, 0005, and application_overdue_days, 0025). Every change is one upsert of
-- (prefix, status) deltas in key order. The triggers are named to fire after
-- application_status_counts' (PostgreSQL fires a table's triggers in name order), and a change of
-- keys alone locks its status's counter row first: a writer touches a status's prefix rows only
-- while it holds that status's counter row, so the prefix rows never make writers wait on each other.
CREATE OR REPLACE FUNCTION "application_search_prefixes_of"(email text, name text, number text, passport text, surname text, full_name text) RETURNS SETOF text LANGUAGE sql IMMUTABLE AS $$
  SELECT DISTINCT left(k, l)
  FROM unnest(ARRAY[email, name, lower(number), lower(passport), surname, full_name], ARRAY[8, 8, 8, 3, 8, 8]) AS keys(k, longest),
       generate_series(1, least(longest, length(k))) AS l
$$;--> statement-breakpoint
INSERT INTO "application_search_prefixes" ("prefix", "status", "n")
SELECT p, a."status", count(*)
FROM "applications" AS a, "application_search_prefixes_of"(a."search_email", a."search_name", a."application_number", a."passport_number", a."search_surname", a."search_full_name") AS p
GROUP BY 1, 2;--> statement-breakpoint
-- A bulk loader counts its own applications (see application_search_prefixes_loading).
CREATE OR REPLACE FUNCTION "application_search_prefixes_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM "application_search_prefixes_loading") THEN RETURN NULL; END IF;
  INSERT INTO "application_search_prefixes" ("prefix", "status", "n")
  SELECT p, a."status", count(*)
  FROM new_rows AS a, "application_search_prefixes_of"(a."search_email", a."search_name", a."application_number", a."passport_number", a."search_surname", a."search_full_name") AS p
  GROUP BY 1, 2 ORDER BY 1, 2
  ON CONFLICT ("prefix", "status") DO UPDATE SET "n" = "application_search_prefixes"."n" + excluded."n";
  RETURN NULL;
END;
$$;--> statement-breakpoint
-- The rows a delete counts down exist (its applications were counted in them): the upsert only updates.
CREATE OR REPLACE FUNCTION "application_search_prefixes_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "application_search_prefixes" ("prefix", "status", "n")
  SELECT p, a."status", -count(*)
  FROM old_rows AS a, "application_search_prefixes_of"(a."search_email", a."search_name", a."application_number", a."passport_number", a."search_surname", a."search_full_name") AS p
  GROUP BY 1, 2 ORDER BY 1, 2
  ON CONFLICT ("prefix", "status") DO UPDATE SET "n" = "application_search_prefixes"."n" + excluded."n";
  RETURN NULL;
END;
$$;--> statement-breakpoint
-- Row-level, only when the status or a search key changed: the old prefixes counted down in the old
-- status, the new ones up in the new, the ones that stayed in place left alone.
CREATE OR REPLACE FUNCTION "application_search_prefixes_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM "application_status_counts" WHERE "status" IN (OLD."status", NEW."status") ORDER BY "status" FOR UPDATE;
  INSERT INTO "application_search_prefixes" ("prefix", "status", "n")
  SELECT prefix, status, sum(k)::integer FROM (
    SELECT p AS prefix, OLD."status" AS status, -1 AS k
    FROM "application_search_prefixes_of"(OLD."search_email", OLD."search_name", OLD."application_number", OLD."passport_number", OLD."search_surname", OLD."search_full_name") AS p
    UNION ALL
    SELECT p, NEW."status", 1
    FROM "application_search_prefixes_of"(NEW."search_email", NEW."search_name", NEW."application_number", NEW."passport_number", NEW."search_surname", NEW."search_full_name") AS p
  ) AS d
  GROUP BY 1, 2 HAVING sum(k) <> 0 ORDER BY 1, 2
  ON CONFLICT ("prefix", "status") DO UPDATE SET "n" = "application_search_prefixes"."n" + excluded."n";
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "application_status_search_prefixes_insert" AFTER INSERT ON "applications"
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "application_search_prefixes_insert"();--> statement-breakpoint
CREATE TRIGGER "application_status_search_prefixes_delete" AFTER DELETE ON "applications"
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "application_search_prefixes_delete"();--> statement-breakpoint
CREATE TRIGGER "application_status_search_prefixes_update" AFTER UPDATE ON "applications" FOR EACH ROW
WHEN ((OLD."status", OLD."search_email", OLD."search_name", OLD."application_number", OLD."passport_number", OLD."search_surname", OLD."search_full_name")
  IS DISTINCT FROM (NEW."status", NEW."search_email", NEW."search_name", NEW."application_number", NEW."passport_number", NEW."search_surname", NEW."search_full_name"))
EXECUTE FUNCTION "application_search_prefixes_update"();

-- applications.search_email / search_name: the applicant's lower-cased email and full name, so the
-- admin search is one index-backed scan of applications. Filled for existing rows here and for new
-- ones by a trigger (so every writer, including bulk seeding, keeps them right), and kept in step
-- if a user's email or name ever changes.
UPDATE "applications" AS a SET "search_email" = lower(u."email"), "search_name" = lower(u."full_name")
FROM "users" AS u WHERE u."id" = a."user_id";
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "applications_search_fill"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT lower(u."email"), lower(u."full_name") INTO NEW."search_email", NEW."search_name"
  FROM "users" AS u WHERE u."id" = NEW."user_id";
  NEW."search_email" := coalesce(NEW."search_email", '');
  NEW."search_name" := coalesce(NEW."search_name", '');
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "applications_search_fill" BEFORE INSERT ON "applications"
FOR EACH ROW EXECUTE FUNCTION "applications_search_fill"();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "users_search_sync"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "applications" SET "search_email" = lower(NEW."email"), "search_name" = lower(NEW."full_name")
  WHERE "user_id" = NEW."id";
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "users_search_sync" AFTER UPDATE OF "email", "full_name" ON "users"
FOR EACH ROW EXECUTE FUNCTION "users_search_sync"();

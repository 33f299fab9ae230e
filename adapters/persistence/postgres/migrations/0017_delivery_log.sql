ALTER TABLE "mail_outbox" ADD COLUMN "application_id" integer;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "refused_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "bounced" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "mail_bounced_address" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "mail_bounced_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "mail_bounce_reason" text;--> statement-breakpoint
CREATE INDEX "mail_outbox_application_idx" ON "mail_outbox" USING btree ("application_id","id");--> statement-breakpoint
-- Hand-written: files the mails already queued under the application their data names (the delivery log).
UPDATE "mail_outbox" SET "application_id" = CASE WHEN ("data"->>'applicationId') ~ '^[1-9][0-9]{0,9}$' THEN CASE WHEN ("data"->>'applicationId')::bigint <= 2147483647 THEN ("data"->>'applicationId')::integer END END WHERE jsonb_typeof("data"->'applicationId') = 'number';
--> statement-breakpoint
-- Hand-written: a bounce marked or cleared (by any node's deliver-mail job) changes what the signed-in
-- applicant's account reads, so it is announced like the other columns of 0016.
DROP TRIGGER IF EXISTS "users_access_notify" ON "users";
--> statement-breakpoint
CREATE TRIGGER "users_access_notify"
AFTER UPDATE OF "email", "password_hash", "full_name", "phone_number", "is_admin", "needs_password_change", "role", "deactivated_at", "mail_bounced_at" OR DELETE ON "users"
FOR EACH ROW EXECUTE FUNCTION "access_notify_user_changed"();

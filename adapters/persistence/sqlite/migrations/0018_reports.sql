DROP INDEX `portal_ledger_paid_at_idx`;--> statement-breakpoint
CREATE INDEX `portal_ledger_paid_at_idx` ON `portal_ledger` (`paid_at`,`government_fee_pence`);--> statement-breakpoint
ALTER TABLE `applications` ADD `decided_at` integer;--> statement-breakpoint
-- Hand-written: the decisions already made, from the status history (their first entry into a decision status).
UPDATE "applications" SET "decided_at" = "first"."at" FROM (SELECT "application_id", min("changed_at") AS "at" FROM "status_history" WHERE "to_status" IN ('approved', 'rejected', 'final_payment_received') GROUP BY "application_id") AS "first" WHERE "first"."application_id" = "applications"."id";--> statement-breakpoint
CREATE INDEX `applications_decided_idx` ON `applications` (`decided_at`,`initial_payment_at`,`guarantee_deadline`,`cancelled_at`) WHERE "decided_at" is not null and "initial_payment_at" is not null and "cancelled_at" is null;--> statement-breakpoint
CREATE INDEX `applications_cohort_idx` ON `applications` (`created_at`,`nationality`,`initial_payment_at`,`approved_at`,`final_payment_id`,`postcode`);--> statement-breakpoint
CREATE INDEX `payments_status_created_idx` ON `payments` (`status`,`created_at`,`type`,`amount`);--> statement-breakpoint
CREATE INDEX `refunds_status_updated_idx` ON `refunds` (`status`,`updated_at`,`amount`);--> statement-breakpoint
CREATE INDEX `users_applicants_created_idx` ON `users` (`created_at`) WHERE "is_admin" = false;
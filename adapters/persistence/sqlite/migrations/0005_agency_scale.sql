CREATE TABLE `application_status_counts` (
	`status` text PRIMARY KEY NOT NULL,
	`n` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
DROP INDEX `applications_given_name_lower_idx`;--> statement-breakpoint
DROP INDEX `applications_surname_lower_idx`;--> statement-breakpoint
DROP INDEX `applications_full_name_lower_idx`;--> statement-breakpoint
DROP INDEX `applications_status_guarantee_idx`;--> statement-breakpoint
ALTER TABLE `applications` ADD `search_given_name` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `applications` ADD `search_surname` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `applications` ADD `search_full_name` text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX `applications_search_given_name_idx` ON `applications` (`search_given_name`);--> statement-breakpoint
CREATE INDEX `applications_search_surname_idx` ON `applications` (`search_surname`);--> statement-breakpoint
CREATE INDEX `applications_search_full_name_idx` ON `applications` (`search_full_name`);--> statement-breakpoint
CREATE INDEX `applications_initial_payment_tab_idx` ON `applications` (`created_at`,`id`) WHERE status in ('application_created', 'under_process', 'additional_info_required');--> statement-breakpoint
CREATE INDEX `applications_status_guarantee_idx` ON `applications` (`status`,`guarantee_deadline`,`created_at`,`id`);--> statement-breakpoint
DROP INDEX `users_full_name_lower_idx`;--> statement-breakpoint
ALTER TABLE `users` ADD `search_email` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `search_name` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `has_application` integer DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX `users_pseudo_entries_idx` ON `users` (`created_at`,`id`) WHERE "is_admin" = false and "has_application" = false;--> statement-breakpoint
CREATE INDEX `users_pseudo_search_email_idx` ON `users` (`search_email`) WHERE "is_admin" = false and "has_application" = false;--> statement-breakpoint
CREATE INDEX `users_pseudo_search_name_idx` ON `users` (`search_name`) WHERE "is_admin" = false and "has_application" = false;--> statement-breakpoint
-- Custom part (hand-written). The search keys are folded (accents and case) by the store when it
-- writes a row (core/domain/search.ts), which SQL cannot do the same way on both dialects, so the
-- lower()-only triggers of 0002 go. Existing rows keep '' in the new keys; migrate() folds every
-- row whose keys are '' once, after the SQL migrations (shared/search-keys.ts).
DROP TRIGGER IF EXISTS `applications_search_fill`;--> statement-breakpoint
DROP TRIGGER IF EXISTS `users_search_sync`;--> statement-breakpoint
UPDATE `applications` SET `search_email` = '', `search_name` = '';--> statement-breakpoint
UPDATE `users` SET `has_application` = 1 WHERE EXISTS (SELECT 1 FROM `applications` WHERE `applications`.`user_id` = `users`.`id`);--> statement-breakpoint
-- The per-status counts: one row per status (so triggers only ever UPDATE), filled from today's rows,
-- then kept by triggers in the writing transaction (SQLite has one writer: no lock order to keep).
INSERT INTO `application_status_counts` (`status`, `n`)
SELECT s.`status`, (SELECT count(*) FROM `applications` AS a WHERE a.`status` = s.`status`)
FROM (SELECT 'online_entry' AS `status` UNION ALL SELECT 'application_created' UNION ALL SELECT 'under_process'
  UNION ALL SELECT 'additional_info_required' UNION ALL SELECT 'verified' UNION ALL SELECT 'approved'
  UNION ALL SELECT 'rejected' UNION ALL SELECT 'final_payment_received') AS s;--> statement-breakpoint
CREATE TRIGGER `application_status_counts_insert` AFTER INSERT ON `applications`
BEGIN
  UPDATE `application_status_counts` SET `n` = `n` + 1 WHERE `status` = NEW.`status`;
END;--> statement-breakpoint
CREATE TRIGGER `application_status_counts_delete` AFTER DELETE ON `applications`
BEGIN
  UPDATE `application_status_counts` SET `n` = `n` - 1 WHERE `status` = OLD.`status`;
END;--> statement-breakpoint
CREATE TRIGGER `application_status_counts_update` AFTER UPDATE OF `status` ON `applications` WHEN OLD.`status` <> NEW.`status`
BEGIN
  UPDATE `application_status_counts` SET `n` = `n` - 1 WHERE `status` = OLD.`status`;
  UPDATE `application_status_counts` SET `n` = `n` + 1 WHERE `status` = NEW.`status`;
END;

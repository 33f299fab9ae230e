CREATE TABLE `application_overdue_days` (
	`status` text NOT NULL,
	`day` integer NOT NULL,
	`n` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`status`, `day`)
);
--> statement-breakpoint
-- Hand-written: fill the counts from today's rows, then keep them by triggers in the writing
-- transaction (SQLite has one writer: no lock order to keep). A candidate is OVERDUE_CANDIDATE_SQL
-- (adapters/persistence/shared/sql-values.ts); its day, deadline (ms) / 86400000.
INSERT INTO `application_overdue_days` (`status`, `day`, `n`)
SELECT `status`, `guarantee_deadline` / 86400000, count(*) FROM `applications`
WHERE `guarantee_deadline` is not null and `status` in ('online_entry', 'application_created', 'under_process', 'additional_info_required', 'verified') and (`guarantee_paused_at` is null or `guarantee_paused_at` > `guarantee_deadline`)
GROUP BY 1, 2;--> statement-breakpoint
CREATE TRIGGER `application_overdue_days_insert` AFTER INSERT ON `applications`
WHEN NEW.`guarantee_deadline` is not null and NEW.`status` in ('online_entry', 'application_created', 'under_process', 'additional_info_required', 'verified') and (NEW.`guarantee_paused_at` is null or NEW.`guarantee_paused_at` > NEW.`guarantee_deadline`)
BEGIN
  INSERT INTO `application_overdue_days` (`status`, `day`, `n`) VALUES (NEW.`status`, NEW.`guarantee_deadline` / 86400000, 1)
  ON CONFLICT (`status`, `day`) DO UPDATE SET `n` = `n` + 1;
END;--> statement-breakpoint
CREATE TRIGGER `application_overdue_days_delete` AFTER DELETE ON `applications`
WHEN OLD.`guarantee_deadline` is not null and OLD.`status` in ('online_entry', 'application_created', 'under_process', 'additional_info_required', 'verified') and (OLD.`guarantee_paused_at` is null or OLD.`guarantee_paused_at` > OLD.`guarantee_deadline`)
BEGIN
  UPDATE `application_overdue_days` SET `n` = `n` - 1 WHERE `status` = OLD.`status` AND `day` = OLD.`guarantee_deadline` / 86400000;
END;--> statement-breakpoint
CREATE TRIGGER `application_overdue_days_update_old` AFTER UPDATE OF `status`, `guarantee_deadline`, `guarantee_paused_at` ON `applications`
WHEN OLD.`guarantee_deadline` is not null and OLD.`status` in ('online_entry', 'application_created', 'under_process', 'additional_info_required', 'verified') and (OLD.`guarantee_paused_at` is null or OLD.`guarantee_paused_at` > OLD.`guarantee_deadline`)
BEGIN
  UPDATE `application_overdue_days` SET `n` = `n` - 1 WHERE `status` = OLD.`status` AND `day` = OLD.`guarantee_deadline` / 86400000;
END;--> statement-breakpoint
CREATE TRIGGER `application_overdue_days_update_new` AFTER UPDATE OF `status`, `guarantee_deadline`, `guarantee_paused_at` ON `applications`
WHEN NEW.`guarantee_deadline` is not null and NEW.`status` in ('online_entry', 'application_created', 'under_process', 'additional_info_required', 'verified') and (NEW.`guarantee_paused_at` is null or NEW.`guarantee_paused_at` > NEW.`guarantee_deadline`)
BEGIN
  INSERT INTO `application_overdue_days` (`status`, `day`, `n`) VALUES (NEW.`status`, NEW.`guarantee_deadline` / 86400000, 1)
  ON CONFLICT (`status`, `day`) DO UPDATE SET `n` = `n` + 1;
END;

CREATE TABLE `report_cohort_days` (
	`day` text NOT NULL,
	`nationality` text NOT NULL,
	`applied` integer NOT NULL,
	`initial_paid` integer NOT NULL,
	`address_given` integer NOT NULL,
	`approved` integer NOT NULL,
	`final_paid` integer NOT NULL,
	PRIMARY KEY(`day`, `nationality`)
);
--> statement-breakpoint
CREATE TABLE `report_days` (
	`day` text PRIMARY KEY NOT NULL,
	`decided` integer NOT NULL,
	`on_time` integer NOT NULL,
	`waived` integer NOT NULL,
	`refunds` integer NOT NULL,
	`refunded_pence` integer NOT NULL,
	`initial_pence` integer NOT NULL,
	`final_pence` integer NOT NULL,
	`government_fee_pence` integer NOT NULL,
	`registered` integer NOT NULL,
	`refreshed_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `report_dirty_hours` (
	`hour` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `report_dirty_hours_hour_idx` ON `report_dirty_hours` (`hour`);--> statement-breakpoint
CREATE TABLE `report_turnaround_days` (
	`day` text NOT NULL,
	`tenths` integer NOT NULL,
	`decided` integer NOT NULL,
	`on_time` integer NOT NULL,
	PRIMARY KEY(`day`, `tenths`)
);

--> statement-breakpoint
-- Hand-written: the triggers that mark the hours a report counts a written row in (docs/product.md
-- §17.5; timestamps are milliseconds, so an hour is ms / 3600000). Updates are marked only when a
-- column a report reads changed; the report-rollups job deletes the marks.
CREATE TRIGGER `report_mark_applications_insert` AFTER INSERT ON `applications`
BEGIN
  INSERT INTO `report_dirty_hours` (`hour`)
  SELECT h.`hour` FROM (SELECT NEW.`created_at` / 3600000 AS `hour` UNION SELECT NEW.`decided_at` / 3600000 AS `hour`) AS h
  WHERE h.`hour` IS NOT NULL AND NOT EXISTS (SELECT 1 FROM `report_dirty_hours` AS d WHERE d.`hour` = h.`hour`);
END;--> statement-breakpoint
CREATE TRIGGER `report_mark_applications_delete` AFTER DELETE ON `applications`
BEGIN
  INSERT INTO `report_dirty_hours` (`hour`)
  SELECT h.`hour` FROM (SELECT OLD.`created_at` / 3600000 AS `hour` UNION SELECT OLD.`decided_at` / 3600000 AS `hour`) AS h
  WHERE h.`hour` IS NOT NULL AND NOT EXISTS (SELECT 1 FROM `report_dirty_hours` AS d WHERE d.`hour` = h.`hour`);
END;--> statement-breakpoint
CREATE TRIGGER `report_mark_applications_update` AFTER UPDATE ON `applications` WHEN (OLD.`created_at` IS NOT NEW.`created_at` OR OLD.`decided_at` IS NOT NEW.`decided_at` OR OLD.`initial_payment_at` IS NOT NEW.`initial_payment_at` OR OLD.`cancelled_at` IS NOT NEW.`cancelled_at` OR OLD.`guarantee_deadline` IS NOT NEW.`guarantee_deadline` OR OLD.`nationality` IS NOT NEW.`nationality` OR OLD.`postcode` IS NOT NEW.`postcode` OR OLD.`approved_at` IS NOT NEW.`approved_at` OR OLD.`final_payment_id` IS NOT NEW.`final_payment_id`)
BEGIN
  INSERT INTO `report_dirty_hours` (`hour`)
  SELECT h.`hour` FROM (SELECT OLD.`created_at` / 3600000 AS `hour` UNION SELECT NEW.`created_at` / 3600000 AS `hour` UNION SELECT OLD.`decided_at` / 3600000 AS `hour` UNION SELECT NEW.`decided_at` / 3600000 AS `hour`) AS h
  WHERE h.`hour` IS NOT NULL AND NOT EXISTS (SELECT 1 FROM `report_dirty_hours` AS d WHERE d.`hour` = h.`hour`);
END;--> statement-breakpoint
CREATE TRIGGER `report_mark_payments_insert` AFTER INSERT ON `payments`
BEGIN
  INSERT INTO `report_dirty_hours` (`hour`)
  SELECT h.`hour` FROM (SELECT NEW.`created_at` / 3600000 AS `hour`) AS h
  WHERE h.`hour` IS NOT NULL AND NOT EXISTS (SELECT 1 FROM `report_dirty_hours` AS d WHERE d.`hour` = h.`hour`);
END;--> statement-breakpoint
CREATE TRIGGER `report_mark_payments_delete` AFTER DELETE ON `payments`
BEGIN
  INSERT INTO `report_dirty_hours` (`hour`)
  SELECT h.`hour` FROM (SELECT OLD.`created_at` / 3600000 AS `hour`) AS h
  WHERE h.`hour` IS NOT NULL AND NOT EXISTS (SELECT 1 FROM `report_dirty_hours` AS d WHERE d.`hour` = h.`hour`);
END;--> statement-breakpoint
CREATE TRIGGER `report_mark_payments_update` AFTER UPDATE ON `payments` WHEN (OLD.`created_at` IS NOT NEW.`created_at` OR OLD.`status` IS NOT NEW.`status` OR OLD.`type` IS NOT NEW.`type` OR OLD.`amount` IS NOT NEW.`amount`)
BEGIN
  INSERT INTO `report_dirty_hours` (`hour`)
  SELECT h.`hour` FROM (SELECT OLD.`created_at` / 3600000 AS `hour` UNION SELECT NEW.`created_at` / 3600000 AS `hour`) AS h
  WHERE h.`hour` IS NOT NULL AND NOT EXISTS (SELECT 1 FROM `report_dirty_hours` AS d WHERE d.`hour` = h.`hour`);
END;--> statement-breakpoint
CREATE TRIGGER `report_mark_refunds_insert` AFTER INSERT ON `refunds`
BEGIN
  INSERT INTO `report_dirty_hours` (`hour`)
  SELECT h.`hour` FROM (SELECT NEW.`updated_at` / 3600000 AS `hour`) AS h
  WHERE h.`hour` IS NOT NULL AND NOT EXISTS (SELECT 1 FROM `report_dirty_hours` AS d WHERE d.`hour` = h.`hour`);
END;--> statement-breakpoint
CREATE TRIGGER `report_mark_refunds_delete` AFTER DELETE ON `refunds`
BEGIN
  INSERT INTO `report_dirty_hours` (`hour`)
  SELECT h.`hour` FROM (SELECT OLD.`updated_at` / 3600000 AS `hour`) AS h
  WHERE h.`hour` IS NOT NULL AND NOT EXISTS (SELECT 1 FROM `report_dirty_hours` AS d WHERE d.`hour` = h.`hour`);
END;--> statement-breakpoint
CREATE TRIGGER `report_mark_refunds_update` AFTER UPDATE ON `refunds` WHEN (OLD.`status` = 'succeeded' OR NEW.`status` = 'succeeded') AND (OLD.`status` IS NOT NEW.`status` OR OLD.`amount` IS NOT NEW.`amount` OR OLD.`updated_at` IS NOT NEW.`updated_at`)
BEGIN
  INSERT INTO `report_dirty_hours` (`hour`)
  SELECT h.`hour` FROM (SELECT OLD.`updated_at` / 3600000 AS `hour` UNION SELECT NEW.`updated_at` / 3600000 AS `hour`) AS h
  WHERE h.`hour` IS NOT NULL AND NOT EXISTS (SELECT 1 FROM `report_dirty_hours` AS d WHERE d.`hour` = h.`hour`);
END;--> statement-breakpoint
CREATE TRIGGER `report_mark_portal_ledger_insert` AFTER INSERT ON `portal_ledger`
BEGIN
  INSERT INTO `report_dirty_hours` (`hour`)
  SELECT h.`hour` FROM (SELECT NEW.`paid_at` / 3600000 AS `hour`) AS h
  WHERE h.`hour` IS NOT NULL AND NOT EXISTS (SELECT 1 FROM `report_dirty_hours` AS d WHERE d.`hour` = h.`hour`);
END;--> statement-breakpoint
CREATE TRIGGER `report_mark_portal_ledger_delete` AFTER DELETE ON `portal_ledger`
BEGIN
  INSERT INTO `report_dirty_hours` (`hour`)
  SELECT h.`hour` FROM (SELECT OLD.`paid_at` / 3600000 AS `hour`) AS h
  WHERE h.`hour` IS NOT NULL AND NOT EXISTS (SELECT 1 FROM `report_dirty_hours` AS d WHERE d.`hour` = h.`hour`);
END;--> statement-breakpoint
CREATE TRIGGER `report_mark_portal_ledger_update` AFTER UPDATE ON `portal_ledger` WHEN (OLD.`paid_at` IS NOT NEW.`paid_at` OR OLD.`government_fee_pence` IS NOT NEW.`government_fee_pence`)
BEGIN
  INSERT INTO `report_dirty_hours` (`hour`)
  SELECT h.`hour` FROM (SELECT OLD.`paid_at` / 3600000 AS `hour` UNION SELECT NEW.`paid_at` / 3600000 AS `hour`) AS h
  WHERE h.`hour` IS NOT NULL AND NOT EXISTS (SELECT 1 FROM `report_dirty_hours` AS d WHERE d.`hour` = h.`hour`);
END;--> statement-breakpoint
CREATE TRIGGER `report_mark_users_insert` AFTER INSERT ON `users`
BEGIN
  INSERT INTO `report_dirty_hours` (`hour`)
  SELECT h.`hour` FROM (SELECT NEW.`created_at` / 3600000 AS `hour`) AS h
  WHERE h.`hour` IS NOT NULL AND NOT EXISTS (SELECT 1 FROM `report_dirty_hours` AS d WHERE d.`hour` = h.`hour`);
END;--> statement-breakpoint
CREATE TRIGGER `report_mark_users_delete` AFTER DELETE ON `users`
BEGIN
  INSERT INTO `report_dirty_hours` (`hour`)
  SELECT h.`hour` FROM (SELECT OLD.`created_at` / 3600000 AS `hour`) AS h
  WHERE h.`hour` IS NOT NULL AND NOT EXISTS (SELECT 1 FROM `report_dirty_hours` AS d WHERE d.`hour` = h.`hour`);
END;--> statement-breakpoint
CREATE TRIGGER `report_mark_users_update` AFTER UPDATE ON `users` WHEN (OLD.`created_at` IS NOT NEW.`created_at` OR OLD.`is_admin` IS NOT NEW.`is_admin`)
BEGIN
  INSERT INTO `report_dirty_hours` (`hour`)
  SELECT h.`hour` FROM (SELECT OLD.`created_at` / 3600000 AS `hour` UNION SELECT NEW.`created_at` / 3600000 AS `hour`) AS h
  WHERE h.`hour` IS NOT NULL AND NOT EXISTS (SELECT 1 FROM `report_dirty_hours` AS d WHERE d.`hour` = h.`hour`);
END;

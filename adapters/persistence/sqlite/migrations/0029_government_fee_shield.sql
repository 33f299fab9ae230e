DROP INDEX `portal_ledger_paid_at_idx`;--> statement-breakpoint
ALTER TABLE `portal_ledger` ADD `fee_at_payment_cents` integer;--> statement-breakpoint
ALTER TABLE `portal_ledger` ADD `fee_at_payment_pence` integer;--> statement-breakpoint
ALTER TABLE `portal_ledger` ADD `absorbed_fee_cents` integer;--> statement-breakpoint
ALTER TABLE `portal_ledger` ADD `absorbed_fee_pence` integer;--> statement-breakpoint
CREATE INDEX `portal_ledger_paid_at_idx` ON `portal_ledger` (`paid_at`,`government_fee_pence`,`absorbed_fee_pence`);--> statement-breakpoint
ALTER TABLE `report_days` ADD `absorbed_fee_pence` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
DROP TRIGGER `report_mark_portal_ledger_update`;--> statement-breakpoint
CREATE TRIGGER `report_mark_portal_ledger_update` AFTER UPDATE ON `portal_ledger` WHEN (OLD.`paid_at` IS NOT NEW.`paid_at` OR OLD.`government_fee_pence` IS NOT NEW.`government_fee_pence` OR OLD.`absorbed_fee_pence` IS NOT NEW.`absorbed_fee_pence`)
BEGIN
  INSERT INTO `report_dirty_hours` (`hour`)
  SELECT h.`hour` FROM (SELECT OLD.`paid_at` / 3600000 AS `hour` UNION SELECT NEW.`paid_at` / 3600000 AS `hour`) AS h
  WHERE h.`hour` IS NOT NULL AND NOT EXISTS (SELECT 1 FROM `report_dirty_hours` AS d WHERE d.`hour` = h.`hour`);
END;

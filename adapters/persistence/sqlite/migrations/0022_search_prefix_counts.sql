CREATE TABLE `application_search_prefixes` (
	`prefix` text NOT NULL,
	`status` text NOT NULL,
	`n` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`prefix`, `status`)
);
--> statement-breakpoint
CREATE TABLE `application_search_prefixes_loading` (
	`loader` integer NOT NULL
);
--> statement-breakpoint
-- Hand-written: every distinct prefix of an application's six search keys (admin-filter.ts
-- searchConditions) of up to 8 characters, the passport number's of up to 3 (SEARCH_PREFIX_COUNTED
-- and PASSPORT_PREFIX_COUNTED in adapters/persistence/shared/sql-values.ts), counted per status:
-- filled from today's rows, then kept by triggers in the writing transaction (SQLite has one
-- writer: no lock order to keep). UNION makes the prefixes distinct.
INSERT INTO `application_search_prefixes` (`prefix`, `status`, `n`)
SELECT p, `status`, count(*) FROM (
  SELECT `id`, `status`, substr(`search_email`, 1, 1) AS p FROM `applications`
  UNION SELECT `id`, `status`, substr(`search_email`, 1, 2) FROM `applications`
  UNION SELECT `id`, `status`, substr(`search_email`, 1, 3) FROM `applications`
  UNION SELECT `id`, `status`, substr(`search_email`, 1, 4) FROM `applications`
  UNION SELECT `id`, `status`, substr(`search_email`, 1, 5) FROM `applications`
  UNION SELECT `id`, `status`, substr(`search_email`, 1, 6) FROM `applications`
  UNION SELECT `id`, `status`, substr(`search_email`, 1, 7) FROM `applications`
  UNION SELECT `id`, `status`, substr(`search_email`, 1, 8) FROM `applications`
  UNION SELECT `id`, `status`, substr(`search_name`, 1, 1) FROM `applications`
  UNION SELECT `id`, `status`, substr(`search_name`, 1, 2) FROM `applications`
  UNION SELECT `id`, `status`, substr(`search_name`, 1, 3) FROM `applications`
  UNION SELECT `id`, `status`, substr(`search_name`, 1, 4) FROM `applications`
  UNION SELECT `id`, `status`, substr(`search_name`, 1, 5) FROM `applications`
  UNION SELECT `id`, `status`, substr(`search_name`, 1, 6) FROM `applications`
  UNION SELECT `id`, `status`, substr(`search_name`, 1, 7) FROM `applications`
  UNION SELECT `id`, `status`, substr(`search_name`, 1, 8) FROM `applications`
  UNION SELECT `id`, `status`, substr(lower(`application_number`), 1, 1) FROM `applications`
  UNION SELECT `id`, `status`, substr(lower(`application_number`), 1, 2) FROM `applications`
  UNION SELECT `id`, `status`, substr(lower(`application_number`), 1, 3) FROM `applications`
  UNION SELECT `id`, `status`, substr(lower(`application_number`), 1, 4) FROM `applications`
  UNION SELECT `id`, `status`, substr(lower(`application_number`), 1, 5) FROM `applications`
  UNION SELECT `id`, `status`, substr(lower(`application_number`), 1, 6) FROM `applications`
  UNION SELECT `id`, `status`, substr(lower(`application_number`), 1, 7) FROM `applications`
  UNION SELECT `id`, `status`, substr(lower(`application_number`), 1, 8) FROM `applications`
  UNION SELECT `id`, `status`, substr(lower(`passport_number`), 1, 1) FROM `applications`
  UNION SELECT `id`, `status`, substr(lower(`passport_number`), 1, 2) FROM `applications`
  UNION SELECT `id`, `status`, substr(lower(`passport_number`), 1, 3) FROM `applications`
  UNION SELECT `id`, `status`, substr(`search_surname`, 1, 1) FROM `applications`
  UNION SELECT `id`, `status`, substr(`search_surname`, 1, 2) FROM `applications`
  UNION SELECT `id`, `status`, substr(`search_surname`, 1, 3) FROM `applications`
  UNION SELECT `id`, `status`, substr(`search_surname`, 1, 4) FROM `applications`
  UNION SELECT `id`, `status`, substr(`search_surname`, 1, 5) FROM `applications`
  UNION SELECT `id`, `status`, substr(`search_surname`, 1, 6) FROM `applications`
  UNION SELECT `id`, `status`, substr(`search_surname`, 1, 7) FROM `applications`
  UNION SELECT `id`, `status`, substr(`search_surname`, 1, 8) FROM `applications`
  UNION SELECT `id`, `status`, substr(`search_full_name`, 1, 1) FROM `applications`
  UNION SELECT `id`, `status`, substr(`search_full_name`, 1, 2) FROM `applications`
  UNION SELECT `id`, `status`, substr(`search_full_name`, 1, 3) FROM `applications`
  UNION SELECT `id`, `status`, substr(`search_full_name`, 1, 4) FROM `applications`
  UNION SELECT `id`, `status`, substr(`search_full_name`, 1, 5) FROM `applications`
  UNION SELECT `id`, `status`, substr(`search_full_name`, 1, 6) FROM `applications`
  UNION SELECT `id`, `status`, substr(`search_full_name`, 1, 7) FROM `applications`
  UNION SELECT `id`, `status`, substr(`search_full_name`, 1, 8) FROM `applications`
) WHERE p <> '' GROUP BY 1, 2;--> statement-breakpoint
-- A bulk loader counts its own applications (see application_search_prefixes_loading in the schema).
CREATE TRIGGER `application_search_prefixes_insert` AFTER INSERT ON `applications`
WHEN NOT EXISTS (SELECT 1 FROM `application_search_prefixes_loading`)
BEGIN
  INSERT INTO `application_search_prefixes` (`prefix`, `status`, `n`)
  SELECT p, NEW.`status`, 1 FROM (SELECT substr(NEW.`search_email`, 1, 1) AS p
    UNION SELECT substr(NEW.`search_email`, 1, 2)
    UNION SELECT substr(NEW.`search_email`, 1, 3)
    UNION SELECT substr(NEW.`search_email`, 1, 4)
    UNION SELECT substr(NEW.`search_email`, 1, 5)
    UNION SELECT substr(NEW.`search_email`, 1, 6)
    UNION SELECT substr(NEW.`search_email`, 1, 7)
    UNION SELECT substr(NEW.`search_email`, 1, 8)
    UNION SELECT substr(NEW.`search_name`, 1, 1)
    UNION SELECT substr(NEW.`search_name`, 1, 2)
    UNION SELECT substr(NEW.`search_name`, 1, 3)
    UNION SELECT substr(NEW.`search_name`, 1, 4)
    UNION SELECT substr(NEW.`search_name`, 1, 5)
    UNION SELECT substr(NEW.`search_name`, 1, 6)
    UNION SELECT substr(NEW.`search_name`, 1, 7)
    UNION SELECT substr(NEW.`search_name`, 1, 8)
    UNION SELECT substr(lower(NEW.`application_number`), 1, 1)
    UNION SELECT substr(lower(NEW.`application_number`), 1, 2)
    UNION SELECT substr(lower(NEW.`application_number`), 1, 3)
    UNION SELECT substr(lower(NEW.`application_number`), 1, 4)
    UNION SELECT substr(lower(NEW.`application_number`), 1, 5)
    UNION SELECT substr(lower(NEW.`application_number`), 1, 6)
    UNION SELECT substr(lower(NEW.`application_number`), 1, 7)
    UNION SELECT substr(lower(NEW.`application_number`), 1, 8)
    UNION SELECT substr(lower(NEW.`passport_number`), 1, 1)
    UNION SELECT substr(lower(NEW.`passport_number`), 1, 2)
    UNION SELECT substr(lower(NEW.`passport_number`), 1, 3)
    UNION SELECT substr(NEW.`search_surname`, 1, 1)
    UNION SELECT substr(NEW.`search_surname`, 1, 2)
    UNION SELECT substr(NEW.`search_surname`, 1, 3)
    UNION SELECT substr(NEW.`search_surname`, 1, 4)
    UNION SELECT substr(NEW.`search_surname`, 1, 5)
    UNION SELECT substr(NEW.`search_surname`, 1, 6)
    UNION SELECT substr(NEW.`search_surname`, 1, 7)
    UNION SELECT substr(NEW.`search_surname`, 1, 8)
    UNION SELECT substr(NEW.`search_full_name`, 1, 1)
    UNION SELECT substr(NEW.`search_full_name`, 1, 2)
    UNION SELECT substr(NEW.`search_full_name`, 1, 3)
    UNION SELECT substr(NEW.`search_full_name`, 1, 4)
    UNION SELECT substr(NEW.`search_full_name`, 1, 5)
    UNION SELECT substr(NEW.`search_full_name`, 1, 6)
    UNION SELECT substr(NEW.`search_full_name`, 1, 7)
    UNION SELECT substr(NEW.`search_full_name`, 1, 8)) WHERE p <> ''
  ON CONFLICT (`prefix`, `status`) DO UPDATE SET `n` = `n` + excluded.`n`;
END;--> statement-breakpoint
CREATE TRIGGER `application_search_prefixes_delete` AFTER DELETE ON `applications`
BEGIN
  INSERT INTO `application_search_prefixes` (`prefix`, `status`, `n`)
  SELECT p, OLD.`status`, -1 FROM (SELECT substr(OLD.`search_email`, 1, 1) AS p
    UNION SELECT substr(OLD.`search_email`, 1, 2)
    UNION SELECT substr(OLD.`search_email`, 1, 3)
    UNION SELECT substr(OLD.`search_email`, 1, 4)
    UNION SELECT substr(OLD.`search_email`, 1, 5)
    UNION SELECT substr(OLD.`search_email`, 1, 6)
    UNION SELECT substr(OLD.`search_email`, 1, 7)
    UNION SELECT substr(OLD.`search_email`, 1, 8)
    UNION SELECT substr(OLD.`search_name`, 1, 1)
    UNION SELECT substr(OLD.`search_name`, 1, 2)
    UNION SELECT substr(OLD.`search_name`, 1, 3)
    UNION SELECT substr(OLD.`search_name`, 1, 4)
    UNION SELECT substr(OLD.`search_name`, 1, 5)
    UNION SELECT substr(OLD.`search_name`, 1, 6)
    UNION SELECT substr(OLD.`search_name`, 1, 7)
    UNION SELECT substr(OLD.`search_name`, 1, 8)
    UNION SELECT substr(lower(OLD.`application_number`), 1, 1)
    UNION SELECT substr(lower(OLD.`application_number`), 1, 2)
    UNION SELECT substr(lower(OLD.`application_number`), 1, 3)
    UNION SELECT substr(lower(OLD.`application_number`), 1, 4)
    UNION SELECT substr(lower(OLD.`application_number`), 1, 5)
    UNION SELECT substr(lower(OLD.`application_number`), 1, 6)
    UNION SELECT substr(lower(OLD.`application_number`), 1, 7)
    UNION SELECT substr(lower(OLD.`application_number`), 1, 8)
    UNION SELECT substr(lower(OLD.`passport_number`), 1, 1)
    UNION SELECT substr(lower(OLD.`passport_number`), 1, 2)
    UNION SELECT substr(lower(OLD.`passport_number`), 1, 3)
    UNION SELECT substr(OLD.`search_surname`, 1, 1)
    UNION SELECT substr(OLD.`search_surname`, 1, 2)
    UNION SELECT substr(OLD.`search_surname`, 1, 3)
    UNION SELECT substr(OLD.`search_surname`, 1, 4)
    UNION SELECT substr(OLD.`search_surname`, 1, 5)
    UNION SELECT substr(OLD.`search_surname`, 1, 6)
    UNION SELECT substr(OLD.`search_surname`, 1, 7)
    UNION SELECT substr(OLD.`search_surname`, 1, 8)
    UNION SELECT substr(OLD.`search_full_name`, 1, 1)
    UNION SELECT substr(OLD.`search_full_name`, 1, 2)
    UNION SELECT substr(OLD.`search_full_name`, 1, 3)
    UNION SELECT substr(OLD.`search_full_name`, 1, 4)
    UNION SELECT substr(OLD.`search_full_name`, 1, 5)
    UNION SELECT substr(OLD.`search_full_name`, 1, 6)
    UNION SELECT substr(OLD.`search_full_name`, 1, 7)
    UNION SELECT substr(OLD.`search_full_name`, 1, 8)) WHERE p <> ''
  ON CONFLICT (`prefix`, `status`) DO UPDATE SET `n` = `n` + excluded.`n`;
END;--> statement-breakpoint
-- Only when the status or a search key changed: the old prefixes counted down, then the new ones up.
CREATE TRIGGER `application_search_prefixes_update` AFTER UPDATE OF `status`, `search_email`, `search_name`, `application_number`, `passport_number`, `search_surname`, `search_full_name` ON `applications`
WHEN (OLD.`status`, OLD.`search_email`, OLD.`search_name`, OLD.`application_number`, OLD.`passport_number`, OLD.`search_surname`, OLD.`search_full_name`) IS NOT (NEW.`status`, NEW.`search_email`, NEW.`search_name`, NEW.`application_number`, NEW.`passport_number`, NEW.`search_surname`, NEW.`search_full_name`)
BEGIN
  INSERT INTO `application_search_prefixes` (`prefix`, `status`, `n`)
  SELECT p, OLD.`status`, -1 FROM (SELECT substr(OLD.`search_email`, 1, 1) AS p
    UNION SELECT substr(OLD.`search_email`, 1, 2)
    UNION SELECT substr(OLD.`search_email`, 1, 3)
    UNION SELECT substr(OLD.`search_email`, 1, 4)
    UNION SELECT substr(OLD.`search_email`, 1, 5)
    UNION SELECT substr(OLD.`search_email`, 1, 6)
    UNION SELECT substr(OLD.`search_email`, 1, 7)
    UNION SELECT substr(OLD.`search_email`, 1, 8)
    UNION SELECT substr(OLD.`search_name`, 1, 1)
    UNION SELECT substr(OLD.`search_name`, 1, 2)
    UNION SELECT substr(OLD.`search_name`, 1, 3)
    UNION SELECT substr(OLD.`search_name`, 1, 4)
    UNION SELECT substr(OLD.`search_name`, 1, 5)
    UNION SELECT substr(OLD.`search_name`, 1, 6)
    UNION SELECT substr(OLD.`search_name`, 1, 7)
    UNION SELECT substr(OLD.`search_name`, 1, 8)
    UNION SELECT substr(lower(OLD.`application_number`), 1, 1)
    UNION SELECT substr(lower(OLD.`application_number`), 1, 2)
    UNION SELECT substr(lower(OLD.`application_number`), 1, 3)
    UNION SELECT substr(lower(OLD.`application_number`), 1, 4)
    UNION SELECT substr(lower(OLD.`application_number`), 1, 5)
    UNION SELECT substr(lower(OLD.`application_number`), 1, 6)
    UNION SELECT substr(lower(OLD.`application_number`), 1, 7)
    UNION SELECT substr(lower(OLD.`application_number`), 1, 8)
    UNION SELECT substr(lower(OLD.`passport_number`), 1, 1)
    UNION SELECT substr(lower(OLD.`passport_number`), 1, 2)
    UNION SELECT substr(lower(OLD.`passport_number`), 1, 3)
    UNION SELECT substr(OLD.`search_surname`, 1, 1)
    UNION SELECT substr(OLD.`search_surname`, 1, 2)
    UNION SELECT substr(OLD.`search_surname`, 1, 3)
    UNION SELECT substr(OLD.`search_surname`, 1, 4)
    UNION SELECT substr(OLD.`search_surname`, 1, 5)
    UNION SELECT substr(OLD.`search_surname`, 1, 6)
    UNION SELECT substr(OLD.`search_surname`, 1, 7)
    UNION SELECT substr(OLD.`search_surname`, 1, 8)
    UNION SELECT substr(OLD.`search_full_name`, 1, 1)
    UNION SELECT substr(OLD.`search_full_name`, 1, 2)
    UNION SELECT substr(OLD.`search_full_name`, 1, 3)
    UNION SELECT substr(OLD.`search_full_name`, 1, 4)
    UNION SELECT substr(OLD.`search_full_name`, 1, 5)
    UNION SELECT substr(OLD.`search_full_name`, 1, 6)
    UNION SELECT substr(OLD.`search_full_name`, 1, 7)
    UNION SELECT substr(OLD.`search_full_name`, 1, 8)) WHERE p <> ''
  ON CONFLICT (`prefix`, `status`) DO UPDATE SET `n` = `n` + excluded.`n`;
  INSERT INTO `application_search_prefixes` (`prefix`, `status`, `n`)
  SELECT p, NEW.`status`, 1 FROM (SELECT substr(NEW.`search_email`, 1, 1) AS p
    UNION SELECT substr(NEW.`search_email`, 1, 2)
    UNION SELECT substr(NEW.`search_email`, 1, 3)
    UNION SELECT substr(NEW.`search_email`, 1, 4)
    UNION SELECT substr(NEW.`search_email`, 1, 5)
    UNION SELECT substr(NEW.`search_email`, 1, 6)
    UNION SELECT substr(NEW.`search_email`, 1, 7)
    UNION SELECT substr(NEW.`search_email`, 1, 8)
    UNION SELECT substr(NEW.`search_name`, 1, 1)
    UNION SELECT substr(NEW.`search_name`, 1, 2)
    UNION SELECT substr(NEW.`search_name`, 1, 3)
    UNION SELECT substr(NEW.`search_name`, 1, 4)
    UNION SELECT substr(NEW.`search_name`, 1, 5)
    UNION SELECT substr(NEW.`search_name`, 1, 6)
    UNION SELECT substr(NEW.`search_name`, 1, 7)
    UNION SELECT substr(NEW.`search_name`, 1, 8)
    UNION SELECT substr(lower(NEW.`application_number`), 1, 1)
    UNION SELECT substr(lower(NEW.`application_number`), 1, 2)
    UNION SELECT substr(lower(NEW.`application_number`), 1, 3)
    UNION SELECT substr(lower(NEW.`application_number`), 1, 4)
    UNION SELECT substr(lower(NEW.`application_number`), 1, 5)
    UNION SELECT substr(lower(NEW.`application_number`), 1, 6)
    UNION SELECT substr(lower(NEW.`application_number`), 1, 7)
    UNION SELECT substr(lower(NEW.`application_number`), 1, 8)
    UNION SELECT substr(lower(NEW.`passport_number`), 1, 1)
    UNION SELECT substr(lower(NEW.`passport_number`), 1, 2)
    UNION SELECT substr(lower(NEW.`passport_number`), 1, 3)
    UNION SELECT substr(NEW.`search_surname`, 1, 1)
    UNION SELECT substr(NEW.`search_surname`, 1, 2)
    UNION SELECT substr(NEW.`search_surname`, 1, 3)
    UNION SELECT substr(NEW.`search_surname`, 1, 4)
    UNION SELECT substr(NEW.`search_surname`, 1, 5)
    UNION SELECT substr(NEW.`search_surname`, 1, 6)
    UNION SELECT substr(NEW.`search_surname`, 1, 7)
    UNION SELECT substr(NEW.`search_surname`, 1, 8)
    UNION SELECT substr(NEW.`search_full_name`, 1, 1)
    UNION SELECT substr(NEW.`search_full_name`, 1, 2)
    UNION SELECT substr(NEW.`search_full_name`, 1, 3)
    UNION SELECT substr(NEW.`search_full_name`, 1, 4)
    UNION SELECT substr(NEW.`search_full_name`, 1, 5)
    UNION SELECT substr(NEW.`search_full_name`, 1, 6)
    UNION SELECT substr(NEW.`search_full_name`, 1, 7)
    UNION SELECT substr(NEW.`search_full_name`, 1, 8)) WHERE p <> ''
  ON CONFLICT (`prefix`, `status`) DO UPDATE SET `n` = `n` + excluded.`n`;
END;

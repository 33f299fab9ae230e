CREATE TABLE `jobs` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`input` text NOT NULL,
	`key` text,
	`state` text NOT NULL,
	`retry_count` integer DEFAULT 0 NOT NULL,
	`retry_limit` integer NOT NULL,
	`start_after` integer NOT NULL,
	`expire_at` integer,
	`last_error` text,
	`last_error_at` integer,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `jobs_due_idx` ON `jobs` (`name`,`start_after`,`id`) WHERE state in ('created', 'retry');--> statement-breakpoint
CREATE INDEX `jobs_active_idx` ON `jobs` (`name`,`expire_at`) WHERE state = 'active';--> statement-breakpoint
CREATE UNIQUE INDEX `jobs_waiting_key_idx` ON `jobs` (`name`,`key`) WHERE state in ('created', 'retry') and key is not null;--> statement-breakpoint
INSERT INTO `jobs` (`name`, `input`, `key`, `state`, `retry_limit`, `start_after`, `created_at`)
SELECT 'deliver-mail', json_object('mailId', `id`), 'mail-' || `id`, 'created', 12, cast(unixepoch('subsec') * 1000 as integer), cast(unixepoch('subsec') * 1000 as integer)
FROM `mail_outbox` WHERE `sent_at` IS NULL;--> statement-breakpoint
INSERT INTO `jobs` (`name`, `input`, `key`, `state`, `retry_limit`, `start_after`, `created_at`)
SELECT 'check-passport', json_object('documentId', `passport_scan_document_id`), 'document-' || `passport_scan_document_id`, 'created', 6, cast(unixepoch('subsec') * 1000 as integer), cast(unixepoch('subsec') * 1000 as integer)
FROM `applications` WHERE `passport_scan_status` = 'pending' AND `passport_scan_document_id` IS NOT NULL;

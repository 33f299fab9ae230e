CREATE TABLE `text_outbox` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`application_id` integer,
	`user_id` integer,
	`to_number` text NOT NULL,
	`template` text NOT NULL,
	`body` text NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`next_attempt_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`sent_at` integer,
	`provider_id` text,
	`last_error` text,
	`failed_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `text_outbox_application_idx` ON `text_outbox` (`application_id`,`id`);--> statement-breakpoint
CREATE INDEX `text_outbox_waiting_idx` ON `text_outbox` (`id`) WHERE sent_at is null and failed_at is null;--> statement-breakpoint
ALTER TABLE `applications` ADD `sms_updates` integer DEFAULT false NOT NULL;
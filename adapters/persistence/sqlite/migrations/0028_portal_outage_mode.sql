CREATE TABLE `portal_outages` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`message` text NOT NULL,
	`started_at` integer NOT NULL,
	`started_by` integer,
	`ended_at` integer,
	`ended_by` integer,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`started_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`ended_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
ALTER TABLE `applications` ADD `guarantee_paused_for` text;--> statement-breakpoint
ALTER TABLE `applications` ADD `outage_notice_id` integer;--> statement-breakpoint
UPDATE `applications` SET `guarantee_paused_for` = 'applicant' WHERE `guarantee_paused_at` IS NOT NULL;
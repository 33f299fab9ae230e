CREATE TABLE `application_drafts` (
	`user_id` integer PRIMARY KEY NOT NULL,
	`fields` text NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `application_groups` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `application_groups_user_idx` ON `application_groups` (`user_id`);--> statement-breakpoint
DROP INDEX `payments_provider_payment_id_unique`;--> statement-breakpoint
CREATE UNIQUE INDEX `payments_provider_payment_application_unique` ON `payments` (`provider_payment_id`,`application_id`);--> statement-breakpoint
ALTER TABLE `applications` ADD `group_id` integer REFERENCES application_groups(id);--> statement-breakpoint
CREATE INDEX `applications_group_idx` ON `applications` (`group_id`);
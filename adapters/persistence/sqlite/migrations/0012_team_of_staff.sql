CREATE TABLE `assignment_history` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`application_id` integer NOT NULL,
	`assignee_id` integer,
	`assignee_name` text,
	`assigned_by_id` integer,
	`assigned_by_name` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`application_id`) REFERENCES `applications`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`assignee_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`assigned_by_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `assignment_history_application_idx` ON `assignment_history` (`application_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `audit_head` (
	`id` integer PRIMARY KEY NOT NULL,
	`seq` integer NOT NULL,
	`hash` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `audit_log` (
	`seq` integer PRIMARY KEY NOT NULL,
	`at` integer NOT NULL,
	`actor_id` integer,
	`actor_email` text,
	`client_address` text,
	`action` text NOT NULL,
	`target_type` text,
	`target_id` text,
	`application_id` integer,
	`detail` text NOT NULL,
	`prev_hash` text NOT NULL,
	`hash` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `audit_log_application_idx` ON `audit_log` (`application_id`,`seq`);--> statement-breakpoint
CREATE INDEX `audit_log_actor_idx` ON `audit_log` (`actor_id`,`seq`);--> statement-breakpoint
CREATE INDEX `audit_log_at_idx` ON `audit_log` (`at`);--> statement-breakpoint
CREATE TABLE `two_factor_challenges` (
	`id_hash` text PRIMARY KEY NOT NULL,
	`user_id` integer NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`expires_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `two_factor_challenges_user_idx` ON `two_factor_challenges` (`user_id`);--> statement-breakpoint
CREATE TABLE `two_factor_recovery_codes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`code_hash` text NOT NULL,
	`used_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `two_factor_recovery_codes_user_idx` ON `two_factor_recovery_codes` (`user_id`);--> statement-breakpoint
ALTER TABLE `applications` ADD `assignee_id` integer REFERENCES users(id) ON DELETE set null;--> statement-breakpoint
CREATE INDEX `applications_status_deadline_arrival_idx` ON `applications` (`status`,`guarantee_deadline`,`expected_arrival_date`,`id`);--> statement-breakpoint
CREATE INDEX `applications_assignee_idx` ON `applications` (`assignee_id`,`status`,`guarantee_deadline`,`expected_arrival_date`,`id`);--> statement-breakpoint
ALTER TABLE `sessions` ADD `user_agent` text;--> statement-breakpoint
ALTER TABLE `sessions` ADD `client_address` text;--> statement-breakpoint
ALTER TABLE `users` ADD `role` text;--> statement-breakpoint
ALTER TABLE `users` ADD `deactivated_at` integer;--> statement-breakpoint
ALTER TABLE `users` ADD `two_factor_secret` text;--> statement-breakpoint
ALTER TABLE `users` ADD `two_factor_pending_secret` text;--> statement-breakpoint
ALTER TABLE `users` ADD `two_factor_enabled_at` integer;--> statement-breakpoint
ALTER TABLE `users` ADD `two_factor_last_step` integer;--> statement-breakpoint
UPDATE `users` SET `role` = 'admin' WHERE `is_admin` = 1;--> statement-breakpoint
INSERT INTO `audit_head` (`id`, `seq`, `hash`) VALUES (1, 0, '0000000000000000000000000000000000000000000000000000000000000000');
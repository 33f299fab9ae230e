ALTER TABLE `applications` ADD `search_email` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `applications` ADD `search_name` text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX `applications_search_email_idx` ON `applications` (`search_email`);--> statement-breakpoint
CREATE INDEX `applications_search_name_idx` ON `applications` (`search_name`);
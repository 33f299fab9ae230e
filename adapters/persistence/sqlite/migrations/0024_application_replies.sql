CREATE TABLE `application_replies` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`application_id` integer NOT NULL,
	`text` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`application_id`) REFERENCES `applications`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `application_replies_application_idx` ON `application_replies` (`application_id`,`created_at`);--> statement-breakpoint
ALTER TABLE `applications` ADD `replied_at` integer;--> statement-breakpoint
ALTER TABLE `documents` ADD `reply_id` integer REFERENCES application_replies(id);--> statement-breakpoint
CREATE INDEX `documents_reply_idx` ON `documents` (`reply_id`);
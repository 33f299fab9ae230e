CREATE TABLE `application_drafts` (
	`user_id` integer PRIMARY KEY NOT NULL,
	`fields` text NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);

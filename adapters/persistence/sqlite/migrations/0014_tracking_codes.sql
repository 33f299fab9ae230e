CREATE TABLE `tracking_codes` (
	`application_id` integer PRIMARY KEY NOT NULL,
	`code_hash` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`expires_at` integer NOT NULL,
	`wrong_tries` integer DEFAULT 0 NOT NULL,
	`used_at` integer,
	FOREIGN KEY (`application_id`) REFERENCES `applications`(`id`) ON UPDATE no action ON DELETE cascade
);

CREATE TABLE `analytics_events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`path` text,
	`user_id` integer,
	`properties` text NOT NULL,
	`occurred_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `analytics_events_name_idx` ON `analytics_events` (`name`,`occurred_at`);--> statement-breakpoint
CREATE INDEX `analytics_events_occurred_idx` ON `analytics_events` (`occurred_at`);--> statement-breakpoint
CREATE TABLE `applications` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`application_number` text NOT NULL,
	`user_id` integer NOT NULL,
	`status` text DEFAULT 'online_entry' NOT NULL,
	`given_name` text NOT NULL,
	`surname` text NOT NULL,
	`gender` text NOT NULL,
	`date_of_birth` text NOT NULL,
	`nationality` text NOT NULL,
	`country_of_birth` text NOT NULL,
	`original_nationality` text,
	`other_nationalities` integer DEFAULT false NOT NULL,
	`other_nationality` text,
	`marital_status` text NOT NULL,
	`profession` text NOT NULL,
	`purpose_of_visit` text DEFAULT 'tourism' NOT NULL,
	`entry` text DEFAULT 'Single' NOT NULL,
	`expected_arrival_date` text NOT NULL,
	`expected_departure_date` text NOT NULL,
	`passport_number` text NOT NULL,
	`passport_expiry` text NOT NULL,
	`visited_egypt_before` integer DEFAULT false NOT NULL,
	`last_visit_date_from` text,
	`last_visit_date_to` text,
	`last_visit_stay_location` text,
	`has_been_deported` integer DEFAULT false NOT NULL,
	`deported_from` text,
	`deportation_date` text,
	`deportation_reason` text,
	`privacy_policy_accepted` integer DEFAULT false NOT NULL,
	`address` text,
	`city` text,
	`postcode` text,
	`hotel_details` text,
	`initial_payment_id` text,
	`final_payment_id` text,
	`visa_document` text,
	`additional_info_message` text,
	`requires_passport_reupload` integer DEFAULT false NOT NULL,
	`passport_reuploaded_at` integer,
	`payment_reminder_sent` integer,
	`initial_payment_at` integer,
	`guarantee_deadline` integer,
	`approved_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "applications_status_check" CHECK(status in ('online_entry', 'application_created', 'under_process', 'additional_info_required', 'verified', 'approved', 'rejected', 'final_payment_received')),
	CONSTRAINT "applications_version_check" CHECK("applications"."version" >= 1)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `applications_number_unique` ON `applications` (`application_number`);--> statement-breakpoint
CREATE INDEX `applications_user_idx` ON `applications` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `applications_status_created_idx` ON `applications` (`status`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `applications_created_idx` ON `applications` (`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `applications_guarantee_idx` ON `applications` (`guarantee_deadline`);--> statement-breakpoint
CREATE INDEX `applications_number_lower_idx` ON `applications` (lower("application_number"));--> statement-breakpoint
CREATE INDEX `applications_passport_lower_idx` ON `applications` (lower("passport_number"));--> statement-breakpoint
CREATE INDEX `applications_given_name_lower_idx` ON `applications` (lower("given_name"));--> statement-breakpoint
CREATE INDEX `applications_surname_lower_idx` ON `applications` (lower("surname"));--> statement-breakpoint
CREATE INDEX `applications_full_name_lower_idx` ON `applications` (lower("given_name" || ' ' || "surname"));--> statement-breakpoint
CREATE TABLE `contact_enquiries` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`full_name` text NOT NULL,
	`email` text NOT NULL,
	`phone_number` text NOT NULL,
	`nationality` text NOT NULL,
	`purpose_of_travel` text NOT NULL,
	`user_id` integer NOT NULL,
	`existing_account` integer DEFAULT false NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `contact_enquiries_email_lower_idx` ON `contact_enquiries` (lower("email"));--> statement-breakpoint
CREATE INDEX `contact_enquiries_user_idx` ON `contact_enquiries` (`user_id`);--> statement-breakpoint
CREATE TABLE `documents` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`application_id` integer NOT NULL,
	`type` text NOT NULL,
	`file_name` text NOT NULL,
	`storage_key` text NOT NULL,
	`content_type` text NOT NULL,
	`size` integer NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`verification_notes` text,
	`uploaded_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`verified_at` integer,
	FOREIGN KEY (`application_id`) REFERENCES `applications`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `documents_application_idx` ON `documents` (`application_id`);--> statement-breakpoint
CREATE INDEX `documents_type_idx` ON `documents` (`type`);--> statement-breakpoint
CREATE TABLE `mail_outbox` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`to_address` text NOT NULL,
	`template` text NOT NULL,
	`data` text NOT NULL,
	`attachments` text,
	`attempts` integer DEFAULT 0 NOT NULL,
	`next_attempt_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`sent_at` integer,
	`last_error` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `mail_outbox_due_idx` ON `mail_outbox` (`next_attempt_at`,`id`) WHERE sent_at is null;--> statement-breakpoint
CREATE INDEX `mail_outbox_to_idx` ON `mail_outbox` (lower("to_address"));--> statement-breakpoint
CREATE TABLE `payments` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`application_id` integer NOT NULL,
	`user_id` integer,
	`type` text NOT NULL,
	`provider_payment_id` text,
	`amount` integer NOT NULL,
	`currency` text NOT NULL,
	`status` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `payments_application_type_unique` ON `payments` (`application_id`,`type`);--> statement-breakpoint
CREATE UNIQUE INDEX `payments_provider_payment_id_unique` ON `payments` (`provider_payment_id`);--> statement-breakpoint
CREATE INDEX `payments_created_idx` ON `payments` (`created_at`);--> statement-breakpoint
CREATE TABLE `sessions` (
	`id_hash` text PRIMARY KEY NOT NULL,
	`user_id` integer NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`last_seen_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `sessions_user_idx` ON `sessions` (`user_id`);--> statement-breakpoint
CREATE INDEX `sessions_last_seen_idx` ON `sessions` (`last_seen_at`);--> statement-breakpoint
CREATE TABLE `status_history` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`application_id` integer NOT NULL,
	`from_status` text,
	`to_status` text NOT NULL,
	`changed_by` integer,
	`changed_by_name` text NOT NULL,
	`message` text,
	`changed_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`application_id`) REFERENCES `applications`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`changed_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `status_history_application_idx` ON `status_history` (`application_id`,`changed_at`);--> statement-breakpoint
CREATE TABLE `users` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`email` text NOT NULL,
	`password_hash` text NOT NULL,
	`full_name` text NOT NULL,
	`phone_number` text NOT NULL,
	`is_admin` integer DEFAULT false NOT NULL,
	`needs_password_change` integer DEFAULT false NOT NULL,
	`application_reminder_sent` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_lower_unique` ON `users` (lower("email"));--> statement-breakpoint
CREATE INDEX `users_full_name_lower_idx` ON `users` (lower("full_name"));--> statement-breakpoint
CREATE INDEX `users_created_at_idx` ON `users` (`created_at`);
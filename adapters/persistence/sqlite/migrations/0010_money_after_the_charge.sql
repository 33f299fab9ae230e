CREATE TABLE `receipt_counters` (
	`year` integer PRIMARY KEY NOT NULL,
	`last` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `receipts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`number` text NOT NULL,
	`key` text NOT NULL,
	`kind` text NOT NULL,
	`payment_type` text NOT NULL,
	`amount` integer NOT NULL,
	`currency` text NOT NULL,
	`application_id` integer NOT NULL,
	`group_id` integer,
	`user_id` integer,
	`payer_name` text NOT NULL,
	`payer_email` text NOT NULL,
	`lines` text NOT NULL,
	`card_brand` text,
	`card_last4` text,
	`refers_to` text,
	`issued_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `receipts_number_unique` ON `receipts` (`number`);--> statement-breakpoint
CREATE UNIQUE INDEX `receipts_key_unique` ON `receipts` (`key`);--> statement-breakpoint
CREATE INDEX `receipts_application_idx` ON `receipts` (`application_id`);--> statement-breakpoint
CREATE INDEX `receipts_group_idx` ON `receipts` (`group_id`);--> statement-breakpoint
CREATE INDEX `receipts_issued_idx` ON `receipts` (`issued_at`);--> statement-breakpoint
CREATE TABLE `refunds` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`payment_id` integer NOT NULL,
	`application_id` integer NOT NULL,
	`payment_type` text NOT NULL,
	`amount` integer NOT NULL,
	`currency` text NOT NULL,
	`reason` text NOT NULL,
	`status` text NOT NULL,
	`source` text NOT NULL,
	`requested_by` integer,
	`requested_by_name` text NOT NULL,
	`approved_by` integer,
	`approved_by_name` text,
	`gateway_refund_id` text,
	`failure_reason` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`payment_id`) REFERENCES `payments`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`requested_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`approved_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "refunds_amount_check" CHECK("refunds"."amount" > 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `refunds_gateway_refund_unique` ON `refunds` (`gateway_refund_id`);--> statement-breakpoint
CREATE INDEX `refunds_payment_idx` ON `refunds` (`payment_id`);--> statement-breakpoint
CREATE INDEX `refunds_application_idx` ON `refunds` (`application_id`);--> statement-breakpoint
CREATE INDEX `refunds_created_idx` ON `refunds` (`created_at`);--> statement-breakpoint
ALTER TABLE `applications` ADD `refunded_amount` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `applications` ADD `service_start_requested_at` integer;--> statement-breakpoint
ALTER TABLE `applications` ADD `cancelled_at` integer;--> statement-breakpoint
ALTER TABLE `applications` ADD `cancellation_requested_at` integer;--> statement-breakpoint
ALTER TABLE `applications` ADD `cancellation_reason` text;--> statement-breakpoint
ALTER TABLE `applications` ADD `cancellation_response` text;--> statement-breakpoint
ALTER TABLE `applications` ADD `cancellation_declined_at` integer;
CREATE TABLE `government_fees` (
	`effective_from` text PRIMARY KEY NOT NULL,
	`amount_cents` integer NOT NULL,
	`pence` integer NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`created_by` integer,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "government_fees_amount_check" CHECK("government_fees"."amount_cents" > 0),
	CONSTRAINT "government_fees_pence_check" CHECK("government_fees"."pence" > 0)
);
--> statement-breakpoint
CREATE TABLE `portal_ledger` (
	`application_id` integer PRIMARY KEY NOT NULL,
	`reference` text,
	`state` text DEFAULT 'to_submit' NOT NULL,
	`government_fee_cents` integer,
	`government_fee_currency` text DEFAULT 'USD' NOT NULL,
	`government_fee_pence` integer,
	`paid_at` integer,
	`receipt_storage_key` text,
	`receipt_file_name` text,
	`receipt_content_type` text,
	`receipt_size` integer,
	`receipt_uploaded_at` integer,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_by` integer,
	`version` integer DEFAULT 1 NOT NULL,
	FOREIGN KEY (`application_id`) REFERENCES `applications`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`updated_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "portal_ledger_state_check" CHECK(state in ('to_submit', 'submitted', 'gov_payment_failed', 'granted')),
	CONSTRAINT "portal_ledger_currency_check" CHECK("portal_ledger"."government_fee_currency" = 'USD'),
	CONSTRAINT "portal_ledger_fee_check" CHECK("portal_ledger"."government_fee_cents" >= 0),
	CONSTRAINT "portal_ledger_reference_check" CHECK(length("portal_ledger"."reference") <= 64),
	CONSTRAINT "portal_ledger_version_check" CHECK("portal_ledger"."version" >= 1)
);
--> statement-breakpoint
CREATE INDEX `portal_ledger_paid_at_idx` ON `portal_ledger` (`paid_at`);--> statement-breakpoint
CREATE INDEX `portal_ledger_receipt_idx` ON `portal_ledger` (`receipt_storage_key`);--> statement-breakpoint
-- Hand-written: the first government fee (docs/product.md §2.16), the tourist single-entry visa's US$25 booked at £19.75.
INSERT INTO `government_fees` (`effective_from`, `amount_cents`, `pence`, `created_at`, `created_by`) VALUES ('2020-01-01', 2500, 1975, 1577836800000, NULL);

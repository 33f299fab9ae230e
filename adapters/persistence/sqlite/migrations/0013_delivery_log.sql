ALTER TABLE `mail_outbox` ADD `application_id` integer;--> statement-breakpoint
ALTER TABLE `mail_outbox` ADD `refused_at` integer;--> statement-breakpoint
ALTER TABLE `mail_outbox` ADD `bounced` integer DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX `mail_outbox_application_idx` ON `mail_outbox` (`application_id`,`id`);--> statement-breakpoint
ALTER TABLE `users` ADD `mail_bounced_address` text;--> statement-breakpoint
ALTER TABLE `users` ADD `mail_bounced_at` integer;--> statement-breakpoint
ALTER TABLE `users` ADD `mail_bounce_reason` text;--> statement-breakpoint
-- Hand-written: files the mails already queued under the application their data names (the delivery log).
UPDATE `mail_outbox` SET `application_id` = json_extract(`data`, '$.applicationId') WHERE json_type(`data`, '$.applicationId') = 'integer' AND json_extract(`data`, '$.applicationId') BETWEEN 1 AND 2147483647;

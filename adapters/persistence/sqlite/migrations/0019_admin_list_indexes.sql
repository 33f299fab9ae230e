DROP INDEX `applications_status_guarantee_idx`;--> statement-breakpoint
DROP INDEX `applications_search_given_name_idx`;--> statement-breakpoint
DROP INDEX `applications_search_surname_idx`;--> statement-breakpoint
DROP INDEX `applications_search_full_name_idx`;--> statement-breakpoint
DROP INDEX `applications_search_email_idx`;--> statement-breakpoint
DROP INDEX `applications_search_name_idx`;--> statement-breakpoint
CREATE INDEX `applications_overdue_idx` ON `applications` (`status`,`guarantee_deadline`,`expected_arrival_date`,`id`) WHERE "guarantee_deadline" is not null and "status" in ('online_entry', 'application_created', 'under_process', 'additional_info_required', 'verified') and ("guarantee_paused_at" is null or "guarantee_paused_at" > "guarantee_deadline");--> statement-breakpoint
CREATE INDEX `applications_search_surname_idx` ON `applications` (`search_surname`,`status`,`guarantee_deadline`,`expected_arrival_date`,`id`);--> statement-breakpoint
CREATE INDEX `applications_search_full_name_idx` ON `applications` (`search_full_name`,`status`,`guarantee_deadline`,`expected_arrival_date`,`id`);--> statement-breakpoint
CREATE INDEX `applications_search_email_idx` ON `applications` (`search_email`,`status`,`guarantee_deadline`,`expected_arrival_date`,`id`);--> statement-breakpoint
CREATE INDEX `applications_search_name_idx` ON `applications` (`search_name`,`status`,`guarantee_deadline`,`expected_arrival_date`,`id`);
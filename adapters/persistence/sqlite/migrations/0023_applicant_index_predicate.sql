DROP INDEX `users_applicants_created_idx`;--> statement-breakpoint
CREATE INDEX `users_applicants_created_idx` ON `users` (`created_at`) WHERE "is_admin" = false and "created_at" is not null;
-- applications.search_email / search_name: the applicant's lower-cased email and full name, so the
-- admin search is one index-backed scan of applications. Filled for existing rows here and for new
-- ones by a trigger (so every writer, including bulk seeding, keeps them right), and kept in step
-- if a user's email or name ever changes.
UPDATE `applications` SET
  `search_email` = coalesce((SELECT lower(`email`) FROM `users` WHERE `users`.`id` = `applications`.`user_id`), ''),
  `search_name` = coalesce((SELECT lower(`full_name`) FROM `users` WHERE `users`.`id` = `applications`.`user_id`), '');
--> statement-breakpoint
CREATE TRIGGER `applications_search_fill` AFTER INSERT ON `applications`
BEGIN
  UPDATE `applications` SET
    `search_email` = coalesce((SELECT lower(`email`) FROM `users` WHERE `id` = NEW.`user_id`), ''),
    `search_name` = coalesce((SELECT lower(`full_name`) FROM `users` WHERE `id` = NEW.`user_id`), '')
  WHERE `id` = NEW.`id`;
END;
--> statement-breakpoint
CREATE TRIGGER `users_search_sync` AFTER UPDATE OF `email`, `full_name` ON `users`
BEGIN
  UPDATE `applications` SET `search_email` = lower(NEW.`email`), `search_name` = lower(NEW.`full_name`) WHERE `user_id` = NEW.`id`;
END;

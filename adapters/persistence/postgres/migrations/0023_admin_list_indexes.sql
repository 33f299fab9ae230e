DROP INDEX "applications_status_guarantee_idx";--> statement-breakpoint
DROP INDEX "applications_search_given_name_idx";--> statement-breakpoint
DROP INDEX "applications_search_surname_idx";--> statement-breakpoint
DROP INDEX "applications_search_full_name_idx";--> statement-breakpoint
DROP INDEX "applications_search_email_idx";--> statement-breakpoint
DROP INDEX "applications_search_name_idx";--> statement-breakpoint
CREATE INDEX "applications_overdue_idx" ON "applications" USING btree ("status","guarantee_deadline","expected_arrival_date","id") WHERE "guarantee_deadline" is not null and "status" in ('online_entry', 'application_created', 'under_process', 'additional_info_required', 'verified') and ("guarantee_paused_at" is null or "guarantee_paused_at" > "guarantee_deadline");--> statement-breakpoint
CREATE INDEX "applications_search_surname_idx" ON "applications" USING btree (("search_surname") text_pattern_ops,"status","guarantee_deadline","expected_arrival_date","id");--> statement-breakpoint
CREATE INDEX "applications_search_full_name_idx" ON "applications" USING btree (("search_full_name") text_pattern_ops,"status","guarantee_deadline","expected_arrival_date","id");--> statement-breakpoint
CREATE INDEX "applications_search_email_idx" ON "applications" USING btree (("search_email") text_pattern_ops,"status","guarantee_deadline","expected_arrival_date","id");--> statement-breakpoint
CREATE INDEX "applications_search_name_idx" ON "applications" USING btree (("search_name") text_pattern_ops,"status","guarantee_deadline","expected_arrival_date","id");
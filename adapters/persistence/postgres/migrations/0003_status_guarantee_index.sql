-- The overdue filter (guarantee deadline passed, status not decided), its per-status counts and a
-- page of it sorted newest first are served by one covering (status, guarantee_deadline, created_at)
-- index instead of every deadline, decided or not, and a read of every overdue row.
DROP INDEX "applications_guarantee_idx";--> statement-breakpoint
CREATE INDEX "applications_status_guarantee_idx" ON "applications" USING btree ("status","guarantee_deadline","created_at");

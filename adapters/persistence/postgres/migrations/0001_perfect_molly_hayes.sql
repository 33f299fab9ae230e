ALTER TABLE "applications" ADD COLUMN "search_email" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "search_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "applications_search_email_idx" ON "applications" USING btree (("search_email") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "applications_search_name_idx" ON "applications" USING btree (("search_name") text_pattern_ops);
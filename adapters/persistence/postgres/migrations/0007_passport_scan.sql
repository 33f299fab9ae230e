ALTER TABLE "applications" ADD COLUMN "passport_scan_document_id" integer;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "passport_scan_status" text;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "passport_scan" jsonb;
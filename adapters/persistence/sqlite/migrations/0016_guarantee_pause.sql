ALTER TABLE `applications` ADD `guarantee_paused_at` integer;
--> statement-breakpoint
-- Hand-written backfill (docs/decisions/0011-guarantee-pause.md): an application already waiting on its
-- applicant has its guarantee clock paused since the latest information request, unless the
-- requested passport copy already came back after it.
UPDATE applications SET guarantee_paused_at = (
  SELECT max(h.changed_at) FROM status_history h
  WHERE h.application_id = applications.id AND h.to_status = 'additional_info_required'
)
WHERE status = 'additional_info_required' AND guarantee_deadline IS NOT NULL
  AND (passport_reuploaded_at IS NULL OR passport_reuploaded_at < (
    SELECT max(h.changed_at) FROM status_history h
    WHERE h.application_id = applications.id AND h.to_status = 'additional_info_required'
  ));

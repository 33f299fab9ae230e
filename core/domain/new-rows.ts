/**
 * The rows a write creates whose ids its jobs and audit rows need: known only once written. The
 * core names the row ("the document this change adds"); the store fills in its id (resolveJobs,
 * resolveAudit) — deciding nothing itself.
 */
export type NewRow = 'document' | 'refund' | 'note' | 'user';

/** The ids of the rows one write created. */
export type CreatedIds = Partial<Record<NewRow, number>>;

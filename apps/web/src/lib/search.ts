/** `?applicationId=12` → { applicationId: 12 }; anything that is not a positive integer → undefined. */
export function parseIdSearch(search: Record<string, unknown>): { applicationId?: number } {
  const raw = search.applicationId;
  const id = typeof raw === 'number' ? raw : typeof raw === 'string' && /^\d+$/.test(raw) ? Number(raw) : NaN;
  return Number.isSafeInteger(id) && id > 0 ? { applicationId: id } : {};
}

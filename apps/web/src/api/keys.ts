/**
 * Query keys. A key is the API path it GETs (SPEC §7: the default query is a GET of its key), so
 * `useQuery({ queryKey: keys.applications })` needs no queryFn.
 */
export const keys = {
  user: ['/api/user'] as const,
  config: ['/api/config'] as const,
  applications: ['/api/applications'] as const,
  application: (id: number) => [`/api/applications/${id}`] as const,
  documents: (id: number) => [`/api/applications/${id}/documents`] as const,
  /** Every admin listing and count starts with this path: invalidating it refreshes them all. */
  adminPrefix: '/api/admin/applications',
  adminPage: (params: { tab: string; q: string; page: number; pageSize: number; overdue: boolean }) =>
    [withQuery('/api/admin/applications', params)] as const,
  adminCounts: (params: { q: string; overdue: boolean }) => [withQuery('/api/admin/applications/counts', params)] as const,
  adminHistory: (id: number) => [`/api/admin/applications/${id}/history`] as const,
  paymentIssues: ['/api/admin/payment-issues'] as const,
};

/** `path?name=value…`, leaving out empty and false values. */
function withQuery(path: string, params: Record<string, string | number | boolean>): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value === '' || value === false) continue;
    query.set(name, String(value));
  }
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}

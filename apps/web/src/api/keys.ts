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
  adminApplications: ['/api/admin/applications'] as const,
  adminCounts: ['/api/admin/applications/counts'] as const,
};

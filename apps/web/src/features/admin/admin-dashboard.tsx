import { useQuery } from '@tanstack/react-query';
import { ADMIN_TABS } from '../../../../../core/domain/admin-tabs.js';
import { keys } from '../../api/keys.js';
import type { AdminCounts } from '../../api/types.js';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs.js';

/**
 * The admin dashboard's first version: heading, loading text and the six tabs with their counts
 * (GET /api/admin/applications/counts). The admin feature replaces this file with the full table.
 */
export function AdminDashboard() {
  const counts = useQuery<AdminCounts>({ queryKey: keys.adminCounts });
  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <h1 className="text-3xl font-bold text-slate-900">Admin Dashboard</h1>
      {counts.isLoading ? (
        <p className="mt-6 text-slate-600">Loading applications...</p>
      ) : counts.isError ? (
        <p role="alert" className="mt-6 text-red-700">
          {counts.error.message}
        </p>
      ) : (
        <Tabs defaultValue="online-entries" className="mt-6">
          <TabsList aria-label="Application categories">
            {ADMIN_TABS.map((tab) => (
              <TabsTrigger key={tab.id} value={tab.id}>
                {tab.label}
                <span className="rounded-full bg-slate-200 px-2 text-xs text-slate-800">{counts.data?.[tab.id] ?? 0}</span>
              </TabsTrigger>
            ))}
          </TabsList>
          {ADMIN_TABS.map((tab) => (
            <TabsContent key={tab.id} value={tab.id}>
              <p className="text-slate-600">
                {(counts.data?.[tab.id] ?? 0) === 0
                  ? 'No applications found in this category.'
                  : `${counts.data?.[tab.id]} application(s) in ${tab.label}.`}
              </p>
            </TabsContent>
          ))}
        </Tabs>
      )}
    </div>
  );
}

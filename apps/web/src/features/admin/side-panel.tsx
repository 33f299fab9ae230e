import { Dialog as DialogPrimitive } from 'radix-ui';
import type { ReactNode } from 'react';
import { Button } from '../../components/ui/button.js';
import { useMediaQuery } from '../../lib/use-media-query.js';

/**
 * Where an application's details open: beside the list on a wide screen (a sticky column that
 * scrolls on its own), a full-screen sheet with a close button on a phone.
 */
export function SidePanel({ title, onClose, children }: { title: string; onClose: () => void; children: ReactNode }) {
  const wide = useMediaQuery('(min-width: 1024px)');
  if (wide) {
    return (
      <aside
        aria-label={title}
        data-testid="admin-side-panel"
        className="sticky top-4 max-h-[calc(100vh-2rem)] overflow-y-auto rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
      >
        <div className="mb-3 flex items-start justify-between gap-3">
          <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
          <Button variant="outline" size="sm" onClick={onClose} aria-label="Close the details">
            Close
          </Button>
        </div>
        {children}
      </aside>
    );
  }
  return (
    <DialogPrimitive.Root open modal={false} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Content data-testid="admin-side-panel" aria-describedby={undefined} className="fixed inset-0 z-50 overflow-y-auto bg-white p-4 focus-visible:outline-none">
          <div className="sticky top-0 z-10 -mx-4 -mt-4 mb-3 flex items-center justify-between gap-3 border-b border-slate-200 bg-white px-4 py-3">
            <DialogPrimitive.Title className="text-lg font-semibold text-slate-900">{title}</DialogPrimitive.Title>
            <DialogPrimitive.Close asChild>
              <Button variant="outline" size="sm" aria-label="Close the details">
                Close
              </Button>
            </DialogPrimitive.Close>
          </div>
          {children}
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}

import { useEffect, useId, useRef, type ReactNode } from 'react';
import { Button } from '../../components/ui/button.js';
import { useMediaQuery } from '../../lib/use-media-query.js';

/**
 * Where an application's details open: beside the list on a wide screen (a sticky column that
 * scrolls on its own), a full-screen sheet with a close button on a phone.
 *
 * One element for both, laid out by CSS: the width may cross the breakpoint while the panel is open
 * (a window resized, a tablet turned), and a different element there would remount the panel's
 * forms and lose what staff had typed in them.
 */
export function SidePanel({ title, onClose, children }: { title: string; onClose: () => void; children: ReactNode }) {
  const wide = useMediaQuery('(min-width: 1024px)');
  const titleId = useId();
  const close = useRef<HTMLButtonElement>(null);
  // A sheet covers the list: take the focus into it when it opens, as a dialog does.
  useEffect(() => {
    if (!wide) close.current?.focus();
    // Only when the panel opens: a resize must not move the focus out of a field being typed in.
  }, []);
  return (
    <aside
      aria-labelledby={titleId}
      role={wide ? undefined : 'dialog'}
      data-testid="admin-side-panel"
      onKeyDown={(event) => {
        if (event.key === 'Escape' && !wide) onClose();
      }}
      className="fixed inset-0 z-50 overflow-y-auto bg-white p-4 lg:sticky lg:inset-auto lg:top-4 lg:z-auto lg:max-h-[calc(100vh-2rem)] lg:rounded-lg lg:border lg:border-slate-200 lg:shadow-sm"
    >
      <div className="sticky -top-4 z-10 -mx-4 -mt-4 mb-3 flex items-start justify-between gap-3 border-b border-slate-200 bg-white px-4 py-3 lg:static lg:m-0 lg:mb-3 lg:border-0 lg:p-0">
        <h2 id={titleId} className="text-lg font-semibold text-slate-900">
          {title}
        </h2>
        <Button ref={close} variant="outline" size="sm" onClick={onClose} aria-label="Close the details">
          Close
        </Button>
      </div>
      {children}
    </aside>
  );
}

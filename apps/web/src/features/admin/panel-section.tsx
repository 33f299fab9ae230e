import { useId, useState, type ReactNode } from 'react';

const STORAGE_KEY = 'evisa.admin.panel-sections';

/** The sections staff opened or closed, by id (this browser): what they chose last wins over a section's default. */
function remembered(): Record<string, boolean> {
  try {
    const parsed: unknown = JSON.parse(window.localStorage.getItem(STORAGE_KEY) ?? '{}');
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, boolean>) : {};
  } catch {
    return {};
  }
}

function remember(id: string, open: boolean): void {
  try {
    window.localStorage.setItem(STORAGE_KEY, JSON.stringify({ ...remembered(), [id]: open }));
  } catch {
    // Storage full or refused (private mode): the choice lasts while the page is open.
  }
}

/**
 * One collapsible section of the side panel (docs/product.md §2.14). Open or closed as staff left it
 * last, on any application (a reviewer who closes 'Audit trail' finds it closed on the next one),
 * else as `defaultOpen` says. Closed, its content is not mounted: its reads wait until it is opened.
 * `summary` is what a closed section shows beside its title (a state, a count).
 *
 * A section of another feature mounts with one line in entry-panel.tsx:
 * `<PanelSection id="replies" title="Replies"><Replies applicationId={app.id} /></PanelSection>`.
 * A component that brings its own heading (`<section><h3>…</h3>…`) keeps it where it is used alone;
 * in the panel the section's title stands for it (the first h3 of its top-level section is hidden).
 */
export function PanelSection({ id, title, summary, defaultOpen = true, children }: { id: string; title: string; summary?: ReactNode; defaultOpen?: boolean; children: ReactNode }) {
  const [open, setOpen] = useState(() => remembered()[id] ?? defaultOpen);
  const contentId = useId();
  const state = open ? 'open' : 'closed';
  // A disclosure button and its content, written out rather than Radix's Collapsible: its content
  // measures itself and reads its animation on mount (a forced style and layout per section), which
  // made opening a side panel take ~0.5–0.8 s on a mid-range phone; nothing here animates.
  return (
    // A div, not a named region: the component inside may be a region of the same name (Portal, Internal notes).
    <div data-panel-section={id} data-state={state} className="border-b border-slate-200 last:border-b-0">
      <h3 className="m-0">
        <button
          type="button"
          aria-expanded={open}
          aria-controls={contentId}
          data-state={state}
          onClick={() => {
            setOpen(!open);
            remember(id, !open);
          }}
          className="group flex min-h-11 w-full items-center gap-2 rounded py-2 text-start focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-500"
        >
          <Chevron />
          <span className="shrink-0 text-sm font-semibold uppercase tracking-wide text-slate-600">{title}</span>
          {!open && summary ? <span className="min-w-0 flex-1 truncate text-end text-xs font-normal text-slate-500">{summary}</span> : null}
        </button>
      </h3>
      {open ? (
        <div id={contentId} data-state={state} className="pb-4 [&>section>h3:first-child]:hidden">
          {children}
        </div>
      ) : null}
    </div>
  );
}

function Chevron() {
  return (
    <svg aria-hidden="true" viewBox="0 0 16 16" className="h-4 w-4 shrink-0 text-slate-500 transition-transform group-data-[state=open]:rotate-90 motion-reduce:transition-none">
      <path d="M6 3.5 10.5 8 6 12.5" fill="none" stroke="currentColor" strokeWidth="1.75" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

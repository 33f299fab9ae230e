import { useEffect, useId, useRef, type ReactNode } from 'react';
import { Button } from '../../components/ui/button.js';
import { useMediaQuery } from '../../lib/use-media-query.js';
import { useT } from '../../lib/i18n.js';

/**
 * Where an application's details open: beside the list on a wide screen, a full-screen sheet with a
 * close button on a phone.
 *
 * Its header holds the title, a line of what the application is now (`summary`) and the primary
 * `actions` (status, Apply/Discard, the visa): on a wide screen the header stays put and only the
 * sections below it scroll, as in Stripe's and Linear's side panels; on a phone the title bar stays
 * at the top and the actions come first under it, so a tall form never covers the screen.
 *
 * One element for both, laid out by CSS: the width may cross the breakpoint while the panel is open
 * (a window resized, a tablet turned), and a different element there would remount the panel's
 * forms and lose what staff had typed in them.
 */
export function SidePanel({
  title,
  subtitle,
  summary,
  actions,
  onClose,
  children,
}: {
  title: string;
  /** A line above the title ('Application EV-2611-7K3QX9'). */
  subtitle?: string;
  summary?: ReactNode;
  actions?: ReactNode;
  onClose: () => void;
  children: ReactNode;
}) {
  const { t } = useT();
  const wide = useMediaQuery('(min-width: 1024px)');
  const titleId = useId();
  const subtitleId = useId();
  const close = useRef<HTMLButtonElement>(null);
  // A sheet covers the list: take the focus into it when it opens, as a dialog does.
  useEffect(() => {
    if (!wide) close.current?.focus();
    // Only when the panel opens: a resize must not move the focus out of a field being typed in.
  }, []);
  return (
    // A div, which may take either role (an <aside> may not be a dialog): beside the list it is the
    // complementary region an <aside> was; on a phone a dialog, not a modal one (aria-modal), as the
    // page behind it is not made inert.
    <div
      aria-labelledby={subtitle ? `${subtitleId} ${titleId}` : titleId}
      role={wide ? 'complementary' : 'dialog'}
      data-testid="admin-side-panel"
      onKeyDown={(event) => {
        if (event.key === 'Escape' && !wide) onClose();
      }}
      className="fixed inset-0 z-50 overflow-y-auto bg-white lg:sticky lg:inset-auto lg:top-4 lg:z-auto lg:flex lg:max-h-[calc(100vh-2rem)] lg:flex-col lg:overflow-hidden lg:rounded-lg lg:border lg:border-slate-200 lg:shadow-sm"
    >
      <div className="sticky top-0 z-10 border-b border-slate-200 bg-white px-4 py-3 lg:static lg:shrink-0 lg:border-b-0 lg:pb-2">
        <div className="flex items-start justify-between gap-3">
          <div className="min-w-0">
            {subtitle ? (
              <p id={subtitleId} className="break-words text-xs font-medium text-slate-500">
                {subtitle}
              </p>
            ) : null}
            <h2 id={titleId} className="break-words text-lg font-semibold leading-snug text-slate-900">
              {title}
            </h2>
          </div>
          <Button ref={close} variant="outline" size="sm" onClick={onClose} aria-label={t('Close the details')} className="shrink-0">
            {t('Close')}
          </Button>
        </div>
        {summary ? <div className="mt-2">{summary}</div> : null}
      </div>
      {actions ? (
        <div data-testid="side-panel-actions" className="border-b border-slate-200 bg-slate-50 px-4 py-3 lg:max-h-[55vh] lg:shrink-0 lg:overflow-y-auto">
          {actions}
        </div>
      ) : null}
      <div data-testid="side-panel-sections" className="px-4 pb-4 lg:min-h-0 lg:flex-1 lg:overflow-y-auto">
        {children}
      </div>
    </div>
  );
}

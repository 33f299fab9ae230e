import { Toast } from 'radix-ui';
import { dismissToast, useCurrentToast } from '../../lib/toast-store.js';
import { cn } from '../../lib/format.js';
import { useT } from '../../lib/i18n.js';

export { toast } from '../../lib/toast-store.js';

/** docs/product.md §8.1/§14.3: one toast at a time, 5 seconds, viewport at most 420 px wide from the md breakpoint. */
export function Toaster() {
  const { t, dir } = useT();
  const current = useCurrentToast();
  return (
    <Toast.Provider duration={5000} swipeDirection={dir === 'rtl' ? 'left' : 'right'} label={t('Notification')}>
      {current ? (
        <Toast.Root
          key={current.id}
          open
          onOpenChange={(open) => {
            if (!open) dismissToast(current.id);
          }}
          data-variant={current.variant ?? 'default'}
          className={cn(
            'pointer-events-auto relative flex w-full items-start justify-between gap-3 rounded-lg border p-4 pe-10 shadow-lg touch:pe-14',
            current.variant === 'destructive' ? 'border-red-700 bg-red-600 text-white' : 'border-slate-200 bg-white text-slate-900',
          )}
        >
          <div className="grid gap-1">
            {current.title ? <Toast.Title className="text-sm font-semibold">{current.title}</Toast.Title> : null}
            {current.description ? <Toast.Description className="text-sm opacity-90">{current.description}</Toast.Description> : null}
          </div>
          <Toast.Close
            aria-label={t('Close')}
            className="absolute end-2 top-2 inline-flex items-center justify-center rounded p-1 opacity-70 hover:opacity-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-500 touch:end-1 touch:top-1 touch:h-11 touch:w-11"
          >
            <span aria-hidden="true">✕</span>
          </Toast.Close>
        </Toast.Root>
      ) : null}
      {/* Bottom right (left, right to left) on every screen: at the top of a phone it covered the header and its menu button. */}
      <Toast.Viewport label={t('Notifications ({hotkey})', { hotkey: '{hotkey}' })} className="fixed bottom-0 end-0 z-[100] flex max-h-screen w-full flex-col p-4 outline-none md:max-w-[420px]" />
    </Toast.Provider>
  );
}

import { useBlocker } from '@tanstack/react-router';
import { Button } from '../../components/ui/button.js';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../components/ui/dialog.js';
import { useT } from '../../lib/i18n.js';

/**
 * Leaving the admin dashboard with staged changes asks first: another page of the app opens a
 * dialog, closing or reloading the tab gets the browser's own prompt. Moving between tabs and pages
 * of the dashboard keeps the changes and is never blocked.
 */
export function LeaveGuard({ unsaved }: { unsaved: number }) {
  const blocker = useBlocker({
    shouldBlockFn: ({ current, next }) => unsaved > 0 && current.pathname !== next.pathname,
    enableBeforeUnload: () => unsaved > 0,
    withResolver: true,
  });
  const { t } = useT();
  const open = blocker.status === 'blocked';
  return (
    <Dialog open={open} onOpenChange={(isOpen) => (!isOpen && open ? blocker.reset() : undefined)}>
      {open ? (
        <DialogContent>
          <DialogTitle>{t('Leave without saving?')}</DialogTitle>
          <DialogDescription>
            {t(
              '{count, plural, one {One application has changes that were not applied. If you leave now they are lost.} other {# applications have changes that were not applied. If you leave now they are lost.}}',
              { count: unsaved },
            )}
          </DialogDescription>
          <div className="mt-6 flex flex-wrap justify-end gap-2">
            <Button variant="outline" onClick={() => blocker.reset()}>
              {t('Stay on this page')}
            </Button>
            <Button variant="destructive" onClick={() => blocker.proceed()}>
              {t('Leave without saving')}
            </Button>
          </div>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

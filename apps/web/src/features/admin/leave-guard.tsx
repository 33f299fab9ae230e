import { useBlocker } from '@tanstack/react-router';
import { Button } from '../../components/ui/button.js';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../components/ui/dialog.js';

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
  const open = blocker.status === 'blocked';
  return (
    <Dialog open={open} onOpenChange={(isOpen) => (!isOpen && open ? blocker.reset() : undefined)}>
      {open ? (
        <DialogContent>
          <DialogTitle>Leave without saving?</DialogTitle>
          <DialogDescription>{unsaved === 1 ? 'One application has' : `${unsaved} applications have`} changes that were not applied. If you leave now they are lost.</DialogDescription>
          <div className="mt-6 flex flex-wrap justify-end gap-2">
            <Button variant="outline" onClick={() => blocker.reset()}>
              Stay on this page
            </Button>
            <Button variant="destructive" onClick={() => blocker.proceed()}>
              Leave without saving
            </Button>
          </div>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

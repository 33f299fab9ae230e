import { useState } from 'react';
import { serverMessage } from '../../api/client.js';
import { Button } from '../../components/ui/button.js';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../components/ui/dialog.js';
import { toast } from '../../lib/toast-store.js';
import { useResetTwoFactorMutation, type StaffMemberDto } from './api.js';

/**
 * 'Reset two-factor sign-in' for a member who lost their authenticator app (docs/product.md §6.4):
 * asks first, since it signs them out everywhere, then shows the server's message.
 */
export function TwoFactorReset({ member }: { member: StaffMemberDto }) {
  const [asking, setAsking] = useState(false);
  const reset = useResetTwoFactorMutation({
    onSuccess: (answer) => {
      setAsking(false);
      toast({ title: 'Two-factor sign-in reset', description: answer.message });
    },
    onError: (error) => toast({ title: 'Not reset', description: serverMessage(error) ?? 'Please try again.', variant: 'destructive' }),
  });
  return (
    <Dialog open={asking} onOpenChange={(open) => !reset.isPending && setAsking(open)}>
      <Button size="sm" variant="outline" onClick={() => setAsking(true)} aria-label={`Reset two-factor sign-in of ${member.fullName}`}>
        Reset two-factor sign-in
      </Button>
      <DialogContent>
        <DialogTitle>Reset two-factor sign-in of {member.fullName}?</DialogTitle>
        <DialogDescription>They are signed out everywhere and set two-factor sign-in up again, with a new authenticator entry and new recovery codes, when they next sign in.</DialogDescription>
        <div className="mt-6 flex justify-end gap-2">
          <Button variant="outline" disabled={reset.isPending} onClick={() => setAsking(false)}>
            Keep it
          </Button>
          <Button disabled={reset.isPending} onClick={() => reset.mutate(member.id)}>
            {reset.isPending ? 'Resetting...' : 'Reset'}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}

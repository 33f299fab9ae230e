import { useState } from 'react';
import { serverMessage } from '../../api/client.js';
import { Button } from '../../components/ui/button.js';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../components/ui/dialog.js';
import { Sentence, slot } from '../../lib/sentence.js';
import { useT } from '../../lib/i18n.js';
import { toast } from '../../lib/toast-store.js';
import { useResetTwoFactorMutation, type StaffMemberDto } from './api.js';

/**
 * 'Reset two-factor sign-in' for a member who lost their authenticator app (docs/product.md §6.4):
 * asks first, since it signs them out everywhere, then shows the server's message.
 */
export function TwoFactorReset({ member }: { member: StaffMemberDto }) {
  const [asking, setAsking] = useState(false);
  const { t } = useT();
  const reset = useResetTwoFactorMutation({
    onSuccess: (answer) => {
      setAsking(false);
      toast({ title: t('Two-factor sign-in reset'), description: answer.message });
    },
    onError: (error) => toast({ title: t('Not reset'), description: serverMessage(error) ?? t('Please try again.'), variant: 'destructive' }),
  });
  return (
    <Dialog open={asking} onOpenChange={(open) => !reset.isPending && setAsking(open)}>
      <Button size="sm" variant="outline" onClick={() => setAsking(true)} aria-label={t('Reset two-factor sign-in of {name}', { name: member.fullName })}>
        {t('Reset two-factor sign-in')}
      </Button>
      <DialogContent>
        <DialogTitle>
          <Sentence text={t('Reset two-factor sign-in of {name}?', { name: slot('name') })} parts={{ name: <bdi>{member.fullName}</bdi> }} />
        </DialogTitle>
        <DialogDescription>{t('They are signed out everywhere and set two-factor sign-in up again, with a new authenticator entry and new recovery codes, when they next sign in.')}</DialogDescription>
        <div className="mt-6 flex justify-end gap-2">
          <Button variant="outline" disabled={reset.isPending} onClick={() => setAsking(false)}>
            {t('Keep it')}
          </Button>
          <Button disabled={reset.isPending} onClick={() => reset.mutate(member.id)}>
            {reset.isPending ? t('Resetting...') : t('Reset')}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}

import { Button } from '../../components/ui/button.js';
import { toast } from '../../lib/toast-store.js';
import { useSendRemindersMutation, type ReminderKind } from './api.js';
import { useT } from '../../lib/i18n.js';
import { msg } from '@core/i18n/index.js';

/** English, marked for the catalog; shown through `t`. */
const REMINDERS: Record<ReminderKind, { button: string; sent: string; failed: string }> = {
  payment: {
    button: msg('Send Payment Reminders'),
    sent: msg('Payment Reminders Sent'),
    failed: msg('Failed to send payment reminders. Please try again.'),
  },
  application: {
    button: msg('Send Application Reminders'),
    sent: msg('Application Reminders Sent'),
    failed: msg('Failed to send application reminders. Please try again.'),
  },
};

/** The bulk reminder buttons (docs/product.md §2.15) with the toasts of §8.2. */
export function ReminderButtons() {
  const { t } = useT();
  const send = useSendRemindersMutation({
    onSuccess: (result, kind) => toast({ title: t(REMINDERS[kind].sent), description: result?.message }),
    onError: (_error, kind) => toast({ title: t('Error'), description: t(REMINDERS[kind].failed), variant: 'destructive' }),
  });
  const pending = send.isPending ? send.variables : null;

  return (
    <div className="flex flex-wrap gap-2">
      {(['payment', 'application'] as const).map((kind) => (
        <Button key={kind} variant="outline" onClick={() => send.mutate(kind)} disabled={pending !== null}>
          {pending === kind ? t('Sending...') : t(REMINDERS[kind].button)}
        </Button>
      ))}
    </div>
  );
}

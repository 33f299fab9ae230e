import { Button } from '../../components/ui/button.js';
import { toast } from '../../lib/toast-store.js';
import { useSendRemindersMutation, type ReminderKind } from './api.js';

const REMINDERS: Record<ReminderKind, { button: string; sent: string; failed: string }> = {
  payment: {
    button: 'Send Payment Reminders',
    sent: 'Payment Reminders Sent',
    failed: 'Failed to send payment reminders. Please try again.',
  },
  application: {
    button: 'Send Application Reminders',
    sent: 'Application Reminders Sent',
    failed: 'Failed to send application reminders. Please try again.',
  },
};

/** The bulk reminder buttons (docs/product.md §2.15) with the toasts of §8.2. */
export function ReminderButtons() {
  const send = useSendRemindersMutation({
    onSuccess: (result, kind) => toast({ title: REMINDERS[kind].sent, description: result?.message }),
    onError: (_error, kind) => toast({ title: 'Error', description: REMINDERS[kind].failed, variant: 'destructive' }),
  });
  const pending = send.isPending ? send.variables : null;

  return (
    <div className="flex flex-wrap gap-2">
      {(['payment', 'application'] as const).map((kind) => (
        <Button key={kind} variant="outline" onClick={() => send.mutate(kind)} disabled={pending !== null}>
          {pending === kind ? 'Sending...' : REMINDERS[kind].button}
        </Button>
      ))}
    </div>
  );
}

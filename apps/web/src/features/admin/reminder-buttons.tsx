import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { sendJson } from '../../api/client.js';
import { Button } from '../../components/ui/button.js';
import { toast } from '../../lib/toast-store.js';
import { refreshAdminData } from './queries.js';

const REMINDERS = {
  payment: {
    url: '/api/admin/send-payment-reminders',
    button: 'Send Payment Reminders',
    sent: 'Payment Reminders Sent',
    failed: 'Failed to send payment reminders. Please try again.',
  },
  application: {
    url: '/api/admin/send-application-reminders',
    button: 'Send Application Reminders',
    sent: 'Application Reminders Sent',
    failed: 'Failed to send application reminders. Please try again.',
  },
} as const;

/** The bulk reminder buttons (SPEC §2) with SPEC §8's toasts. */
export function ReminderButtons() {
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<keyof typeof REMINDERS | null>(null);

  async function send(kind: keyof typeof REMINDERS) {
    const reminder = REMINDERS[kind];
    setPending(kind);
    try {
      const result = await sendJson<{ message: string }>('POST', reminder.url);
      toast({ title: reminder.sent, description: result?.message });
      await refreshAdminData(queryClient);
    } catch {
      toast({ title: 'Error', description: reminder.failed, variant: 'destructive' });
    } finally {
      setPending(null);
    }
  }

  return (
    <div className="flex flex-wrap gap-2">
      {(Object.keys(REMINDERS) as (keyof typeof REMINDERS)[]).map((kind) => (
        <Button key={kind} variant="outline" onClick={() => send(kind)} disabled={pending !== null}>
          {pending === kind ? 'Sending...' : REMINDERS[kind].button}
        </Button>
      ))}
    </div>
  );
}

import { useState } from 'react';
import { serverMessage } from '../../api/client.js';
import { Button } from '../../components/ui/button.js';
import { Input } from '../../components/ui/input.js';
import { Field, fieldAria } from '../../components/ui/label.js';
import type { CurrentUser } from '../../api/user.js';
import { useT } from '../../lib/i18n.js';
import { useSecondStepMutation } from './api.js';

/**
 * The second step of signing in (docs/product.md §6.4): the 6-digit code from the authenticator app,
 * or one of the recovery codes for a lost phone. The session opens with the server's answer.
 */
export function SecondStepForm({ onSignedIn, onStartAgain }: { onSignedIn: (user: CurrentUser, needsPasswordChange: boolean) => void; onStartAgain: () => void }) {
  const { t } = useT();
  const [useRecovery, setUseRecovery] = useState(false);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | undefined>();
  const answer = useSecondStepMutation({
    onSuccess: (data) => onSignedIn(data.user, data.needsPasswordChange),
    onError: (failure) => {
      const message = serverMessage(failure) ?? t('The code could not be checked. Please try again.');
      // Beside the code's field (announced there), not in a corner toast.
      setError(message);
    },
  });
  const id = useRecovery ? 'signin-recovery-code' : 'signin-code';

  return (
    <form
      noValidate
      className="space-y-4"
      aria-label={t('Two-factor sign-in')}
      onSubmit={(event) => {
        event.preventDefault();
        setError(undefined);
        answer.mutate(useRecovery ? { recoveryCode: value } : { code: value });
      }}
    >
      <p className="text-sm text-slate-700">
        {useRecovery ? t('Enter one of the recovery codes you saved when you set up two-factor sign-in.') : t('Enter the 6-digit code your authenticator app shows for this account.')}
      </p>
      <Field id={id} label={useRecovery ? t('Recovery code') : t('Authentication code')} required requiredMark={false} error={error}>
        <Input autoComplete="one-time-code" inputMode={useRecovery ? 'text' : 'numeric'} autoFocus value={value} onChange={(event) => setValue(event.target.value)} {...fieldAria(id, error)} />
      </Field>
      <Button type="submit" className="w-full" disabled={answer.isPending || value.trim() === ''}>
        {answer.isPending ? t('Checking...') : t('Verify')}
      </Button>
      <div className="flex justify-between text-sm">
        <button
          type="button"
          className="text-blue-700 underline"
          onClick={() => {
            setUseRecovery(!useRecovery);
            setValue('');
            setError(undefined);
          }}
        >
          {useRecovery ? t('Use a code from the app') : t('Use a recovery code')}
        </button>
        <button type="button" className="text-blue-700 underline" onClick={onStartAgain}>
          {t('Start again')}
        </button>
      </div>
    </form>
  );
}

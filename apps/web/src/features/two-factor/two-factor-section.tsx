import { useState } from 'react';
import { serverMessage } from '../../api/client.js';
import { Button, buttonClasses } from '../../components/ui/button.js';
import { formatDayAndTime } from '@core/domain/wording.js';
import { useAgency } from '../../lib/use-agency.js';
import { useCopy } from '../../lib/use-copy.js';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.js';
import { Input } from '../../components/ui/input.js';
import { Field, fieldAria } from '../../components/ui/label.js';
import { toast } from '../../lib/toast-store.js';
import type { CurrentUser } from '../../api/user.js';
import { useDisableTwoFactorMutation, useEnableTwoFactorMutation, useSetUpTwoFactorMutation, useTwoFactorStatusQuery, type TwoFactorSetup } from './api.js';
import { useT } from '../../lib/i18n.js';

/** The server's SVG as an image: drawn by the browser as a picture, never put into the page as markup. */
function qrImageSource(svg: string): string {
  return `data:image/svg+xml;base64,${btoa(svg)}`;
}

/**
 * "Two-factor sign-in" on the profile (docs/product.md §6.4): set up with an authenticator app (the
 * QR code or the secret typed in), confirmed by its first code, which shows the 10 recovery codes
 * once; turned off with the password.
 */
export function TwoFactorSection({ user }: { user: CurrentUser }) {
  const { t } = useT();
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  return (
    <Card id="two-factor">
      <CardHeader>
        <CardTitle>{t('Two-factor sign-in')}</CardTitle>
        <CardDescription>
          {user.twoFactorEnabled
            ? t('On: signing in asks for a code from your authenticator app after your password.')
            : t('Off: add a code from an authenticator app (such as Google Authenticator, Microsoft Authenticator or 1Password) to your password.')}
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {recoveryCodes ? (
          <RecoveryCodes codes={recoveryCodes} email={user.email} onDone={() => setRecoveryCodes(null)} />
        ) : user.twoFactorEnabled ? (
          <TurnOff />
        ) : setup ? (
          <Confirm
            setup={setup}
            onEnabled={(codes) => {
              setSetup(null);
              setRecoveryCodes(codes);
            }}
            onCancel={() => setSetup(null)}
          />
        ) : (
          <Start onStarted={setSetup} />
        )}
      </CardContent>
    </Card>
  );
}

function Start({ onStarted }: { onStarted: (setup: TwoFactorSetup) => void }) {
  const { t } = useT();
  const start = useSetUpTwoFactorMutation({
    onSuccess: onStarted,
    onError: (error) => toast({ title: t('Set-up failed'), description: serverMessage(error) ?? t('Please try again.'), variant: 'destructive' }),
  });
  return (
    <Button onClick={() => start.mutate()} disabled={start.isPending}>
      {start.isPending ? t('Starting...') : t('Set up two-factor sign-in')}
    </Button>
  );
}

function Confirm({ setup, onEnabled, onCancel }: { setup: TwoFactorSetup; onEnabled: (codes: string[]) => void; onCancel: () => void }) {
  const { t } = useT();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const enable = useEnableTwoFactorMutation({
    onSuccess: (data) => {
      toast({ title: t('Two-factor sign-in is on'), description: t('Save your recovery codes now.') });
      onEnabled(data.recoveryCodes);
    },
    onError: (failure) => setError(serverMessage(failure) ?? t('The code could not be checked. Please try again.')),
  });
  return (
    <form
      noValidate
      className="space-y-4"
      onSubmit={(event) => {
        event.preventDefault();
        setError(undefined);
        enable.mutate({ code });
      }}
    >
      <p className="text-sm text-slate-700">{t('1. Scan this QR code with your authenticator app, or type in the secret below.')}</p>
      <img src={qrImageSource(setup.qrSvg)} alt={t('QR code to add this account to an authenticator app')} width={200} height={200} className="rounded border border-slate-200" />
      <p className="text-sm">
        {t('Secret:')}{' '}
        <code dir="ltr" className="break-all rounded bg-slate-100 px-1 font-mono" data-testid="two-factor-secret">
          {setup.secret}
        </code>
      </p>
      <Field id="two-factor-code" label={t('2. Enter the 6-digit code the app shows')} required requiredMark={false} error={error}>
        <Input autoComplete="one-time-code" inputMode="numeric" value={code} onChange={(event) => setCode(event.target.value)} {...fieldAria('two-factor-code', error)} />
      </Field>
      <div className="flex gap-2">
        <Button type="submit" disabled={enable.isPending || code.trim() === ''}>
          {enable.isPending ? t('Checking...') : t('Turn on')}
        </Button>
        <Button variant="outline" onClick={onCancel}>
          {t('Cancel')}
        </Button>
      </div>
    </form>
  );
}

/** The text file 'Download (.txt)' saves: who the codes are for, when they were made, and the codes. */
export function recoveryCodesText(codes: readonly string[], options: { agencyName: string; email: string; now: Date }): string {
  return [
    `${options.agencyName}: two-factor sign-in recovery codes for ${options.email}`,
    `Made on ${formatDayAndTime(options.now)}. Each code signs you in once, instead of a code from your authenticator app.`,
    '',
    ...codes,
    '',
  ].join('\n');
}

function RecoveryCodes({ codes, email, onDone }: { codes: string[]; email: string; onDone: () => void }) {
  const { t } = useT();
  const { agencyName } = useAgency();
  const { copied, announcement, copy } = useCopy();
  // Made once, when the codes are shown: the file says when they were made.
  const [file] = useState(() => recoveryCodesText(codes, { agencyName, email, now: new Date() }));
  return (
    <div className="space-y-3" role="region" aria-label={t('Recovery codes')}>
      <p className="text-sm text-slate-700">{t('Save these recovery codes somewhere safe. Each one signs you in once if you lose your phone. They are shown only now.')}</p>
      <ul dir="ltr" className="grid grid-cols-1 gap-2 font-mono text-sm sm:grid-cols-2" data-testid="recovery-codes">
        {codes.map((code) => (
          <li key={code} className="rounded bg-slate-100 px-2 py-1">
            {code}
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="outline" onClick={() => void copy('codes', codes.join('\n'), 'the recovery codes')}>
          {copied === 'codes' ? t('Copied') : t('Copy')}
        </Button>
        <a href={`data:text/plain;charset=utf-8,${encodeURIComponent(file)}`} download="recovery-codes.txt" className={buttonClasses('outline', 'md')}>
          {t('Download (.txt)')}
        </a>
      </div>
      <p role="status" aria-live="polite" className="sr-only">
        {announcement}
      </p>
      <Button onClick={onDone}>{t('I have saved my recovery codes')}</Button>
    </div>
  );
}

function TurnOff() {
  const { t } = useT();
  const status = useTwoFactorStatusQuery();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();
  const disable = useDisableTwoFactorMutation({
    onSuccess: () => {
      toast({ title: t('Two-factor sign-in is off') });
      setOpen(false);
      setPassword('');
    },
    onError: (failure) => setError(serverMessage(failure) ?? t('Please try again.')),
  });
  const left = status.data?.recoveryCodesLeft;
  return (
    <div className="space-y-3">
      {left !== undefined ? <p className="text-sm text-slate-700">{t('{count, plural, one {# recovery code left.} other {# recovery codes left.}}', { count: left })}</p> : null}
      {open ? (
        <form
          noValidate
          className="space-y-3"
          onSubmit={(event) => {
            event.preventDefault();
            setError(undefined);
            disable.mutate({ password });
          }}
        >
          <Field id="two-factor-password" label={t('Your password')} required requiredMark={false} error={error}>
            <Input type="password" autoComplete="current-password" value={password} onChange={(event) => setPassword(event.target.value)} {...fieldAria('two-factor-password', error)} />
          </Field>
          <div className="flex gap-2">
            <Button type="submit" variant="destructive" disabled={disable.isPending || password === ''}>
              {disable.isPending ? t('Turning off...') : t('Turn off two-factor sign-in')}
            </Button>
            <Button variant="outline" onClick={() => setOpen(false)}>
              {t('Cancel')}
            </Button>
          </div>
        </form>
      ) : (
        <Button variant="outline" onClick={() => setOpen(true)}>
          {t('Turn off')}
        </Button>
      )}
    </div>
  );
}

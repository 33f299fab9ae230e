import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { ApiError, serverMessage } from '../../api/client.js';
import { useConfigQuery, type PublicConfig } from '../../api/config.js';
import { Button } from '../../components/ui/button.js';
import { Input } from '../../components/ui/input.js';
import { Field, fieldAria } from '../../components/ui/label.js';
import { Spinner } from '../../components/ui/spinner.js';
import { track } from '../../lib/analytics.js';
import { formatPence } from '../../lib/format.js';
import { toast } from '../../lib/toast-store.js';
import {
  useConfirmGroupPaymentMutation,
  useConfirmPaymentMutation,
  useStartGroupPaymentMutation,
  useStartPaymentMutation,
  useTestCardPaymentMutation,
  type PaymentType,
  type StartedPayment,
} from './api.js';
import { loadStripe, type StripeElements, type StripeInstance } from './stripe-loader.js';
import { useT } from '../../lib/i18n.js';

export interface PaymentSucceeded {
  paymentIntentId: string;
  amount: number;
  currency: string;
}

/**
 * Records a payment the provider says succeeded (also when Stripe redirects back); a failure is
 * told with the toast of docs/product.md §8.2 (mutateAsync then rejects).
 */
export function useConfirmPayment() {
  const { t } = useT();
  const reportFailure = () => {
    toast({
      title: t('Payment Confirmation Failed'),
      description: t('Your payment was successful but there was an issue with confirmation. Please contact support if needed.'),
      variant: 'destructive',
    });
  };
  return Object.assign(useConfirmPaymentMutation({ onError: reportFailure }), { reportFailure });
}

/** Whether card payments can be taken at all with this configuration. */
export function paymentsAvailable(config: PublicConfig | undefined): boolean {
  if (!config) return false;
  return config.paymentProvider === 'test' || (config.paymentProvider === 'stripe' && Boolean(config.stripePublishableKey));
}

export function usePaymentConfig() {
  return useConfigQuery();
}

/** A finger-sized control on a phone (WCAG 2.5.8): the primitives are 40 px tall, the payment's controls 44. */
export const TOUCH = 'min-h-11';

/** 'Payment system unavailable' (docs/product.md §2.8) when no provider is usable. */
export function PaymentUnavailableButton() {
  const { t } = useT();
  return (
    <Button disabled className={`w-full ${TOUCH}`}>
      {t('Payment system unavailable')}
    </Button>
  );
}

/**
 * Starts the payment on mount (useStartPaymentMutation), shows the provider's card form —
 * Stripe Elements when a publishable key is configured, the built-in test card form with the test
 * provider — then confirms it with the app (useConfirmPayment). The pay button is
 * disabled while a payment is pending, so it can never send two charges.
 */
export function PaymentForm({
  applicationId,
  paymentType,
  successDescription,
  onSuccess,
  onCancel,
  cancelLabel,
  returnUrl,
  groupId,
  groupSize,
}: {
  applicationId: number;
  /** A family application's initial fees: one payment for the group (applicationId is its lead's). */
  groupId?: number;
  /** The family's number of travellers (for the analytics event). */
  groupSize?: number;
  paymentType: PaymentType;
  /** Where Stripe sends the payer back when the card needs a redirect (3-D Secure). */
  returnUrl?: string;
  successDescription?: string;
  onSuccess: (result: PaymentSucceeded) => void;
  onCancel?: () => void;
  cancelLabel?: string;
}) {
  const { t } = useT();
  const cancelText = cancelLabel ?? t('Cancel');
  const config = usePaymentConfig();
  const started = useRef(false);
  const initFailed = (error: unknown) => serverMessage(error) ?? t('Please try again or contact support.');
  const startFailed = {
    onError: (error: unknown) => {
      toast({ title: t('Payment initialization failed'), description: initFailed(error), variant: 'destructive' });
    },
  };
  const startOne = useStartPaymentMutation(startFailed);
  const startGroup = useStartGroupPaymentMutation(startFailed);
  const confirmOne = useConfirmPayment();
  const confirmGroup = useConfirmGroupPaymentMutation({ onError: confirmOne.reportFailure });
  // One fee, or a family's initial fees: the same form, other routes.
  const start = {
    ...(groupId === undefined ? startOne : startGroup),
    mutate: () => (groupId === undefined ? startOne.mutate({ paymentType, applicationId }) : startGroup.mutate({ groupId })),
  };
  const confirm = {
    isPending: confirmOne.isPending || confirmGroup.isPending,
    mutateAsync: (paymentIntentId: string) =>
      groupId === undefined ? confirmOne.mutateAsync({ paymentType, applicationId, paymentIntentId }) : confirmGroup.mutateAsync({ groupId, paymentIntentId }),
  };
  const intent = start.data ?? null;
  const initError = start.isError ? initFailed(start.error) : null;

  useEffect(() => {
    if (started.current || !paymentsAvailable(config.data)) return;
    started.current = true;
    start.mutate();
  }, [config.data, start]);

  const finish = async (paymentIntentId: string) => {
    try {
      await confirm.mutateAsync(paymentIntentId);
    } catch {
      return;
    }
    const amount = intent?.amount ?? 0;
    const currency = intent?.currency ?? 'gbp';
    track('payment_succeeded', { applicationId, paymentType, amount, currency, ...(groupId !== undefined ? { groupId, groupSize: groupSize ?? null } : {}) });
    toast({
      title: t('Payment Successful!'),
      description: successDescription ?? (paymentType === 'final' ? t("We'll email your e-visa to you as soon as it is issued.") : t('Your application is now being processed.')),
    });
    onSuccess({ paymentIntentId, amount, currency });
  };

  if (config.isLoading) return <Spinner label={t('Loading payment options')} />;
  if (!paymentsAvailable(config.data)) return <PaymentUnavailableButton />;
  if (initError) {
    return (
      <div className="space-y-3">
        <p role="alert" className="text-sm text-red-700">
          {initError}
        </p>
        <div className="flex gap-2">
          <Button variant="outline" className={TOUCH} onClick={() => start.mutate()}>
            {t('Try again')}
          </Button>
          {onCancel ? (
            <Button variant="ghost" className={TOUCH} onClick={onCancel}>
              {cancelText}
            </Button>
          ) : null}
        </div>
      </div>
    );
  }
  if (!intent) {
    return (
      <div className="flex items-center gap-3 text-sm text-slate-600">
        <Spinner label={t('Preparing the card form')} /> {t('Preparing secure payment…')}
      </div>
    );
  }
  return config.data!.paymentProvider === 'stripe' ? (
    <StripeCardForm
      publishableKey={config.data!.stripePublishableKey!}
      returnUrl={returnUrl ?? `${window.location.origin}/dashboard`}
      intent={intent}
      onPaid={finish}
      confirming={confirm.isPending}
      onCancel={onCancel}
      cancelLabel={cancelText}
    />
  ) : (
    <TestCardForm intent={intent} onPaid={finish} confirming={confirm.isPending} onCancel={onCancel} cancelLabel={cancelText} />
  );
}

interface CardFormProps {
  intent: StartedPayment;
  /** Records the payment with the app; `confirming` while it runs (the pay button stays disabled). */
  onPaid: (paymentIntentId: string) => Promise<void>;
  confirming: boolean;
  onCancel?: () => void;
  cancelLabel: string;
}

/**
 * Pay and Cancel: stacked full width on a phone, side by side from `sm` up. `flex-1` only in the
 * row: in a column its zero basis squeezed Pay to 20 px beside a 40 px Cancel.
 */
function PayButtons({ intent, pending, onCancel, cancelLabel, disabled }: { intent: StartedPayment; pending: boolean; onCancel?: () => void; cancelLabel: string; disabled?: boolean }) {
  const { t, intl } = useT();
  return (
    <div className="flex flex-col gap-2 sm:flex-row">
      <Button type="submit" className={`w-full sm:w-auto sm:flex-1 ${TOUCH}`} disabled={pending || disabled}>
        {pending ? t('Processing...') : t('Pay {amount}', { amount: formatPence(intent.amount, intl) })}
      </Button>
      {onCancel ? (
        <Button type="button" variant="outline" className={`w-full sm:w-auto ${TOUCH}`} onClick={onCancel} disabled={pending}>
          {cancelLabel}
        </Button>
      ) : null}
    </div>
  );
}

/** The built-in test provider's card form (test cards only; nothing leaves this server). */
export function TestCardForm({ intent, onPaid, confirming, onCancel, cancelLabel }: CardFormProps) {
  const { t } = useT();
  const [cardNumber, setCardNumber] = useState('');
  const [expiry, setExpiry] = useState('');
  const [cvc, setCvc] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const cardNumberRef = useRef<HTMLInputElement>(null);
  const charge = useTestCardPaymentMutation(intent.paymentIntentId);
  const pending = charge.isPending || confirming;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (pending) return;
    const digits = cardNumber.replace(/\s+/g, '');
    const next: Record<string, string> = {};
    if (!/^\d{12,19}$/.test(digits)) next.cardNumber = t('Please enter a valid card number');
    if (!/^(0[1-9]|1[0-2])\s*\/\s*\d{2}$/.test(expiry.trim())) next.expiry = t('Please enter the expiry date as MM / YY');
    if (!/^\d{3,4}$/.test(cvc.trim())) next.cvc = t('Please enter the 3 or 4 digit security code');
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    let status: string | undefined;
    try {
      ({ status } = await charge.mutateAsync(digits));
    } catch (error) {
      // A decline ('Your card was declined.', 'Your card number is incorrect.') is about the card:
      // said beside its number, announced, with the focus back on it (docs/product.md §8.2).
      const message = (error instanceof ApiError ? serverMessage(error) : undefined) ?? t('Payment failed');
      setErrors({ cardNumber: message });
      cardNumberRef.current?.focus();
      return;
    }
    if (status && status !== 'succeeded') {
      setErrors({ cardNumber: t('Payment status: {status}. Please try again.', { status }) });
      cardNumberRef.current?.focus();
      return;
    }
    await onPaid(intent.paymentIntentId);
  };

  return (
    <form noValidate onSubmit={submit} className="space-y-4" aria-label={t('Card details')}>
      <p className="rounded-md bg-amber-50 p-3 text-xs text-amber-900">
        {t('Test mode: no real card is charged. Use {success} to pay, {decline} to see a decline.', { success: '4242 4242 4242 4242', decline: '4000 0000 0000 0002' })}
      </p>
      <Field id="card-number" label={t('Card number')} required requiredMark={false} error={errors.cardNumber}>
        <Input
          ref={cardNumberRef}
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder="1234 1234 1234 1234"
          className={TOUCH}
          value={cardNumber}
          onChange={(e) => setCardNumber(e.target.value)}
          {...fieldAria('card-number', errors.cardNumber)}
        />
      </Field>
      <div className="grid grid-cols-2 gap-3">
        <Field id="card-expiry" label={t('Expiry (MM / YY)')} required requiredMark={false} error={errors.expiry}>
          <Input autoComplete="cc-exp" placeholder={t('MM / YY')} className={TOUCH} value={expiry} onChange={(e) => setExpiry(e.target.value)} {...fieldAria('card-expiry', errors.expiry)} />
        </Field>
        <Field id="card-cvc" label={t('CVC')} required requiredMark={false} error={errors.cvc}>
          <Input inputMode="numeric" autoComplete="cc-csc" placeholder="123" className={TOUCH} value={cvc} onChange={(e) => setCvc(e.target.value)} {...fieldAria('card-cvc', errors.cvc)} />
        </Field>
      </div>
      <PayButtons intent={intent} pending={pending} onCancel={onCancel} cancelLabel={cancelLabel} />
    </form>
  );
}

/** Stripe's Payment Element, confirmed without redirect unless the card requires one (3-D Secure). */
function StripeCardForm({ publishableKey, returnUrl, intent, onPaid, confirming, onCancel, cancelLabel }: CardFormProps & { publishableKey: string; returnUrl: string }) {
  const { t } = useT();
  const mountRef = useRef<HTMLDivElement>(null);
  const [stripe, setStripe] = useState<{ stripe: StripeInstance; elements: StripeElements } | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [ready, setReady] = useState(false);
  const [cardError, setCardError] = useState<string | null>(null);
  // The card is charged by Stripe.js itself (not our API), confirmed without a redirect unless required.
  const charge = useMutation({
    mutationFn: (loaded: { stripe: StripeInstance; elements: StripeElements }) =>
      loaded.stripe.confirmPayment({ elements: loaded.elements, redirect: 'if_required', confirmParams: { return_url: returnUrl } }),
  });
  const pending = charge.isPending || confirming;

  useEffect(() => {
    let cancelled = false;
    let element: { destroy(): void } | null = null;
    loadStripe(publishableKey)
      .then((instance) => {
        if (cancelled || !mountRef.current) return;
        const elements = instance.elements({ clientSecret: intent.clientSecret, appearance: { theme: 'stripe' } });
        const payment = elements.create('payment');
        payment.on('ready', () => setReady(true));
        payment.mount(mountRef.current);
        element = payment;
        setStripe({ stripe: instance, elements });
      })
      .catch((error: Error) => setLoadError(error.message));
    return () => {
      cancelled = true;
      element?.destroy();
    };
  }, [publishableKey, intent.clientSecret]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!stripe || pending) return;
    setCardError(null);
    const { error, paymentIntent } = await charge.mutateAsync(stripe);
    // Said under the card fields, announced (the Payment Element marks its own field too).
    if (error) return setCardError(error.message ?? t('Payment failed'));
    if (!paymentIntent) return setCardError(t('No payment confirmation received. Please try again.'));
    if (paymentIntent.status !== 'succeeded') return setCardError(t('Payment status: {status}. Please try again.', { status: paymentIntent.status }));
    await onPaid(paymentIntent.id);
  };

  if (loadError) {
    return (
      <p role="alert" className="text-sm text-red-700">
        {loadError}
      </p>
    );
  }
  return (
    <form onSubmit={submit} className="space-y-4" aria-label={t('Card details')} aria-describedby={cardError ? 'stripe-card-error' : undefined}>
      <div ref={mountRef} className="min-h-24" />
      {!ready ? <Spinner label={t('Loading the card form')} /> : null}
      {cardError ? (
        <p id="stripe-card-error" role="alert" className="text-sm text-red-600">
          {cardError}
        </p>
      ) : null}
      <PayButtons intent={intent} pending={pending} onCancel={onCancel} cancelLabel={cancelLabel} disabled={!ready} />
    </form>
  );
}

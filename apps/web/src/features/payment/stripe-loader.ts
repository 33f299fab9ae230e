/** The few Stripe.js shapes this app uses (loaded from Stripe's own script, never bundled). */
export interface StripePaymentIntent {
  id: string;
  status: string;
}
export interface StripeElement {
  mount(target: HTMLElement): void;
  destroy(): void;
  on(event: 'ready', handler: () => void): void;
}
export interface StripeElements {
  create(type: 'payment', options?: Record<string, unknown>): StripeElement;
}
export interface StripeInstance {
  elements(options: { clientSecret: string; appearance?: Record<string, unknown> }): StripeElements;
  confirmPayment(options: {
    elements: StripeElements;
    redirect: 'if_required';
    confirmParams?: { return_url?: string };
  }): Promise<{ error?: { message?: string }; paymentIntent?: StripePaymentIntent }>;
}
type StripeFactory = (publishableKey: string) => StripeInstance;

const STRIPE_JS_URL = 'https://js.stripe.com/v3';
let loading: Promise<StripeFactory> | null = null;

/** Loads https://js.stripe.com/v3 once, only when a publishable key is configured. */
export function loadStripe(publishableKey: string): Promise<StripeInstance> {
  loading ??= new Promise<StripeFactory>((resolve, reject) => {
    const existing = (window as unknown as { Stripe?: StripeFactory }).Stripe;
    if (existing) return resolve(existing);
    const script = document.createElement('script');
    script.src = STRIPE_JS_URL;
    script.async = true;
    script.onload = () => {
      const factory = (window as unknown as { Stripe?: StripeFactory }).Stripe;
      if (factory) resolve(factory);
      else reject(new Error('Stripe.js did not load'));
    };
    script.onerror = () => {
      loading = null;
      reject(new Error('Could not load the card form from Stripe. Please check your connection and try again.'));
    };
    document.head.appendChild(script);
  });
  return loading.then((factory) => factory(publishableKey));
}

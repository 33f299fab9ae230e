import { randomBytes } from 'node:crypto';
import type { GatewayPayment } from '../../core/domain/payment.js';
import type { CreatePaymentIntent } from '../../core/ports/payment-gateway.js';

interface Intent {
  payment: GatewayPayment;
  clientSecret: string;
  idempotencyKey: string;
}

const OPEN: ReadonlySet<GatewayPayment['status']> = new Set(['requires_payment_method', 'requires_action', 'processing']);

/**
 * Payment intents kept in this process (the memory gateway and the built-in test provider):
 * one open intent per idempotency key, reused while unpaid, with the amount the core asks for.
 */
export abstract class InProcessGateway {
  private readonly intents = new Map<string, Intent>();
  private counter = 0;

  protected constructor(
    private readonly idPrefix: string,
    protected readonly now: () => Date,
  ) {}

  async createIntent(input: CreatePaymentIntent): Promise<{ id: string; clientSecret: string }> {
    const open = [...this.intents.values()].find((i) => i.idempotencyKey === input.idempotencyKey && OPEN.has(i.payment.status));
    if (open && open.payment.status !== 'processing') {
      // The fee follows the core (e.g. an amount that changed since the intent was opened).
      open.payment.amount = input.amount;
      open.payment.currency = input.currency;
      return { id: open.payment.id, clientSecret: open.clientSecret };
    }
    if (open) return { id: open.payment.id, clientSecret: open.clientSecret };
    this.counter += 1;
    const id = `${this.idPrefix}${String(this.counter).padStart(6, '0')}${randomBytes(6).toString('hex')}`;
    const clientSecret = `${id}_secret_${randomBytes(12).toString('hex')}`;
    this.intents.set(id, {
      idempotencyKey: input.idempotencyKey,
      clientSecret,
      payment: {
        id,
        status: 'requires_payment_method',
        amount: input.amount,
        currency: input.currency,
        applicationId: input.applicationId,
        paymentType: input.paymentType,
        createdAt: this.now(),
      },
    });
    return { id, clientSecret };
  }

  async retrieve(paymentIntentId: string): Promise<GatewayPayment | null> {
    const intent = this.intents.get(paymentIntentId);
    return intent ? { ...intent.payment } : null;
  }

  async *listSucceeded(since: Date): AsyncIterable<GatewayPayment> {
    const matching = [...this.intents.values()]
      .map((i) => i.payment)
      .filter((p) => p.status === 'succeeded' && p.createdAt.getTime() >= since.getTime())
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
    for (const payment of matching) yield { ...payment };
  }

  /** Every intent created so far (tests, diagnostics). */
  all(): GatewayPayment[] {
    return [...this.intents.values()].map((i) => ({ ...i.payment }));
  }

  /** The intent for an id or a client secret (`pi_…_secret_…`), or undefined. */
  protected find(idOrClientSecret: string): Intent | undefined {
    const id = idOrClientSecret.includes('_secret_') ? idOrClientSecret.slice(0, idOrClientSecret.indexOf('_secret_')) : idOrClientSecret;
    const intent = this.intents.get(id);
    if (intent && idOrClientSecret.includes('_secret_') && intent.clientSecret !== idOrClientSecret) return undefined;
    return intent;
  }

  protected setStatus(intent: Intent, status: GatewayPayment['status'], failureMessage?: string): GatewayPayment {
    intent.payment.status = status;
    if (failureMessage) intent.payment.failureMessage = failureMessage;
    else delete intent.payment.failureMessage;
    return { ...intent.payment };
  }

  protected mutate(intent: Intent, changes: Partial<Omit<GatewayPayment, 'id'>>): GatewayPayment {
    Object.assign(intent.payment, changes);
    return { ...intent.payment };
  }
}

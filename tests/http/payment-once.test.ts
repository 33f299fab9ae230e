import { afterEach, describe, expect, it } from 'vitest';
import { TestPaymentProvider } from '../../adapters/payments/test-provider/index.js';
import { PAYMENT_TAKEN_NOT_RECORDED_MESSAGE } from '../../core/use-cases/start-payment.js';
import { applicantWithApplication, makeMemoryApp, signInAdmin, signUp, type TestAgency } from '../support/http.js';
import { appOnProvider, PAYMENT_PROVIDERS } from '../support/payment-providers.js';

/**
 * A fee is charged at most once (issue: "a fee can be charged twice"): the applicant pays at the
 * provider, never comes back to confirm, and starts the same fee again. On every provider the
 * payment already taken is recorded instead of a second payable one being opened.
 */
describe.each(PAYMENT_PROVIDERS)('a fee is charged at most once: $name', (kind) => {
  const on = appOnProvider(kind);

  it('paid at the provider but never confirmed here: starting the fee again records that payment and opens none', async () => {
    const owner = await applicantWithApplication(on.t);
    const id = owner.application.id;
    const started = await owner.browser.post(`/api/payments/initial/${id}`);
    expect(started.status).toBe(200);
    const intent = (await started.json()) as { paymentIntentId: string; clientSecret: string };
    await on.provider.charge(owner.browser, intent.paymentIntentId);

    const again = await owner.browser.post(`/api/payments/initial/${id}`);
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ message: 'The initial fee has already been paid.' });

    expect(await on.t.ports.applications.findById(id)).toMatchObject({ initialPaymentId: intent.paymentIntentId, status: 'application_created' });
    expect(await on.t.ports.payments.listByApplication(id)).toEqual([expect.objectContaining({ type: 'initial', providerPaymentId: intent.paymentIntentId, amount: 1000, status: 'succeeded' })]);
    // Once recorded, the confirmation the applicant's browser may still send is answered calmly.
    const late = await owner.browser.post(`/api/payments/initial/confirm/${id}`, { paymentIntentId: intent.paymentIntentId });
    expect(late.status).toBe(200);
    expect((await late.json()).recorded).toBe(false);
  });

  it('a payment taken that cannot be recorded: no second payment is opened, the applicant is told, staff see it', async () => {
    const owner = await applicantWithApplication(on.t);
    const id = owner.application.id;
    const intent = (await (await owner.browser.post(`/api/payments/initial/${id}`)).json()) as { paymentIntentId: string };
    await on.provider.charge(owner.browser, intent.paymentIntentId);
    await on.provider.tamperAmount(intent.paymentIntentId, 700);

    for (let click = 0; click < 2; click += 1) {
      const again = await owner.browser.post(`/api/payments/initial/${id}`);
      expect(again.status).toBe(409);
      expect(await again.json()).toEqual({ message: PAYMENT_TAKEN_NOT_RECORDED_MESSAGE });
    }
    expect((await on.t.ports.applications.findById(id))?.initialPaymentId).toBeNull();

    const admin = await signInAdmin(on.t);
    const issues = await admin.browser.get('/api/admin/payment-issues');
    expect(issues.status).toBe(200);
    const body = (await issues.json()) as { issues: Array<Record<string, unknown>> };
    expect(body.issues).toEqual([
      expect.objectContaining({
        paymentIntentId: intent.paymentIntentId,
        applicationId: id,
        applicationNumber: owner.application.applicationNumber,
        paymentType: 'initial',
        amount: 700,
        recordable: false,
        problem: 'The amount paid (700 pence) does not match the fee due (1000 pence).',
      }),
    ]);
  });
});

describe('only the owner of an application confirms its fees', () => {
  let t: TestAgency;
  afterEach(async () => {
    await t.close();
  });

  it('built-in test provider: another applicant cannot charge or confirm the owner’s payment, even knowing its id (404)', async () => {
    const gateway = new TestPaymentProvider();
    t = await makeMemoryApp({ overrides: { gateway } });
    const owner = await applicantWithApplication(t);
    const intent = (await (await owner.browser.post(`/api/payments/initial/${owner.application.id}`)).json()) as { paymentIntentId: string; clientSecret: string };
    const stranger = await signUp(t.app);

    for (const ref of [intent.paymentIntentId, intent.clientSecret]) {
      const charged = await stranger.browser.post(`/api/test-payments/${ref}/confirm`, { cardNumber: '4242424242424242' });
      expect(charged.status).toBe(404);
      expect(await charged.json()).toEqual({ message: 'Payment not found.' });
    }
    expect((await gateway.retrieve(intent.paymentIntentId))?.status).toBe('requires_payment_method');

    // An admin is not the applicant either.
    const admin = await signInAdmin(t);
    expect((await admin.browser.post(`/api/test-payments/${intent.paymentIntentId}/confirm`, { cardNumber: '4242424242424242' })).status).toBe(404);

    const paid = await owner.browser.post(`/api/test-payments/${intent.paymentIntentId}/confirm`, { cardNumber: '4242424242424242' });
    expect(paid.status).toBe(200);
    const strangerConfirm = await stranger.browser.post(`/api/payments/initial/confirm/${owner.application.id}`, { paymentIntentId: intent.paymentIntentId });
    expect(strangerConfirm.status).toBe(404);
    const adminConfirm = await admin.browser.post(`/api/payments/initial/confirm/${owner.application.id}`, { paymentIntentId: intent.paymentIntentId });
    expect(adminConfirm.status).toBe(403);
    expect((await t.ports.applications.findById(owner.application.id))?.initialPaymentId).toBeNull();

    const ownerConfirm = await owner.browser.post(`/api/payments/initial/confirm/${owner.application.id}`, { paymentIntentId: intent.paymentIntentId });
    expect(ownerConfirm.status).toBe(200);
    expect((await t.ports.applications.findById(owner.application.id))?.initialPaymentId).toBe(intent.paymentIntentId);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStripeServer, type StripeTestServer } from '../support/stripe-server.js';
import { applicantWithApplication } from './support/applicant.js';
import { see } from './support/assert.js';
import { browserAvailability, launchBrowser, screenshot, type BrowserSession } from './support/browser.js';
import { routeStripe } from './support/fake-stripe-js.js';
import { startAgencyServer, type AgencyServer } from './support/server.js';
import { ensureWebBuild } from './support/web-build.js';

/**
 * The payment page with Stripe configured: the card form comes from Stripe's script (served here
 * by a stand-in, as there is no internet), the PaymentIntent is confirmed without redirect, and the
 * server verifies it with the real `stripe` SDK against a local Stripe-compatible API.
 */
const { available } = browserAvailability();

describe.skipIf(!available)('payments with Stripe Elements in Chromium', { timeout: 120_000 }, () => {
  let stripe: StripeTestServer;
  let server: AgencyServer;
  let browser: BrowserSession;
  let scriptLoads: () => number;

  beforeAll(async () => {
    await ensureWebBuild();
    stripe = await startStripeServer();
    server = await startAgencyServer({
      STRIPE_SECRET_KEY: stripe.config.secretKey,
      STRIPE_PUBLISHABLE_KEY: stripe.config.publishableKey,
      STRIPE_WEBHOOK_SECRET: stripe.config.webhookSecret,
      STRIPE_API_URL: stripe.config.apiUrl,
    });
    browser = await launchBrowser();
    ({ scriptLoads } = await routeStripe(browser.context, stripe));
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await stripe?.stop();
  });

  it('loads Stripe only on the payment step, refuses a declined card, then pays and records the fee', async () => {
    const page = await browser.context.newPage();
    page.setDefaultTimeout(15_000);
    const id = await applicantWithApplication(page.request, server.url);

    await page.goto(server.url);
    await see(page.getByRole('heading', { level: 1 }));
    expect(scriptLoads()).toBe(0); // no Stripe script on pages that take no payment

    await page.goto(`${server.url}/payment?applicationId=${id}&type=initial`);
    await page.getByRole('checkbox', { name: /Please start work on my application straight away/ }).click();
    await see(page.getByLabel('Card number (Stripe)'));
    expect(scriptLoads()).toBe(1);
    await page.getByLabel('Card number (Stripe)').fill('4000 0000 0000 0002');
    await page.getByRole('button', { name: 'Pay £10.00' }).click();
    await see(page.getByRole('alert').filter({ hasText: 'Your card was declined.' }));
    await screenshot(page, 'stripe-01-declined');

    await page.getByLabel('Card number (Stripe)').fill('4242 4242 4242 4242');
    await page.getByRole('button', { name: 'Pay £10.00' }).click();
    await page.waitForURL(`**/address-details?applicationId=${id}`);
    await see(page.getByText('Payment Successful!'));

    const apps = (await (await page.request.get(`${server.url}/api/applications`)).json()) as { id: number; initialPaymentId: string | null; status: string }[];
    const paid = apps.find((a) => a.id === id)!;
    expect(paid.initialPaymentId).toMatch(/^pi_/);
    expect(paid.status).toBe('application_created');
    expect(stripe.intents.get(paid.initialPaymentId!)?.status).toBe('succeeded');
    await page.close();
  });

  it('records the payment when Stripe sends the payer back after a 3-D Secure redirect', async () => {
    const page = await browser.context.newPage();
    page.setDefaultTimeout(15_000);
    const id = await applicantWithApplication(page.request, server.url);
    const started = await page.request.post(`${server.url}/api/payments/initial/${id}`, { headers: { Origin: server.url } });
    expect(started.status(), await started.text()).toBe(200);
    const { paymentIntentId } = (await started.json()) as { paymentIntentId: string };
    stripe.succeed(paymentIntentId); // the bank's challenge was passed on Stripe's page

    await page.goto(`${server.url}/payment?applicationId=${id}&type=initial&payment_intent=${paymentIntentId}&redirect_status=succeeded`);
    await page.waitForURL(`**/address-details?applicationId=${id}`);
    await see(page.getByText('Payment Successful!'));
    const apps = (await (await page.request.get(`${server.url}/api/applications`)).json()) as { id: number; initialPaymentId: string | null }[];
    expect(apps.find((a) => a.id === id)!.initialPaymentId).toBe(paymentIntentId);
    await page.close();
  });
});

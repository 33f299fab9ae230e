import type { BrowserContext } from 'playwright-core';

/**
 * A stand-in for https://js.stripe.com/v3 (no internet here): the same surface the app uses —
 * Stripe(pk).elements({ clientSecret }).create('payment').mount(el), on('ready'), and
 * confirmPayment({ elements, redirect: 'if_required' }) — which confirms the PaymentIntent with
 * https://api.stripe.com exactly as Stripe.js does (publishable key + client secret). Test card
 * 4000 0000 0000 0002 is declined, any other number succeeds.
 */
export const FAKE_STRIPE_JS = `
window.Stripe = function (publishableKey) {
  return {
    elements: function (options) {
      return {
        clientSecret: options.clientSecret,
        create: function () {
          var ready = null, input = null;
          return {
            on: function (event, handler) { if (event === 'ready') ready = handler; },
            mount: function (target) {
              var label = document.createElement('label');
              label.textContent = 'Card number (Stripe)';
              label.htmlFor = 'stripe-card-number';
              input = document.createElement('input');
              input.id = 'stripe-card-number';
              input.className = 'mt-1 w-full rounded-md border border-slate-300 px-3 py-2';
              target.appendChild(label);
              target.appendChild(input);
              window.__stripeCard = input;
              setTimeout(function () { ready && ready(); }, 10);
            },
            destroy: function () {},
          };
        },
      };
    },
    confirmPayment: async function (params) {
      if (params.redirect !== 'if_required') throw new Error('The app must confirm without redirect unless required');
      var secret = params.elements.clientSecret;
      var id = secret.split('_secret_')[0];
      var card = (window.__stripeCard.value || '').replace(/\\s+/g, '');
      var method = card === '4000000000000002' ? 'pm_card_chargeDeclined' : 'pm_card_visa';
      var res = await fetch('https://api.stripe.com/v1/payment_intents/' + id + '/confirm', {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', Authorization: 'Bearer ' + publishableKey },
        body: 'payment_method=' + method + '&client_secret=' + encodeURIComponent(secret),
      });
      var body = await res.json();
      if (!res.ok) return { error: { type: body.error.type, message: body.error.message } };
      return { paymentIntent: { id: body.id, status: body.status } };
    },
  };
};
`;

/**
 * Serves the fake Stripe.js and forwards https://api.stripe.com to the local Stripe-compatible
 * server (swapping the publishable key for the secret key that server checks), with CORS.
 */
export async function routeStripe(context: BrowserContext, stripe: { port: number; secretKey: string }): Promise<{ scriptLoads: () => number }> {
  let loads = 0;
  await context.route('https://js.stripe.com/v3**', async (route) => {
    loads += 1;
    await route.fulfill({ status: 200, contentType: 'application/javascript', body: FAKE_STRIPE_JS });
  });
  const cors = {
    'Access-Control-Allow-Origin': '*',
    'Access-Control-Allow-Headers': 'Authorization, Content-Type',
    'Access-Control-Allow-Methods': 'GET, POST, OPTIONS',
  };
  await context.route('https://api.stripe.com/**', async (route) => {
    const req = route.request();
    if (req.method() === 'OPTIONS') return route.fulfill({ status: 204, headers: cors });
    const url = new URL(req.url());
    const response = await route.fetch({
      url: `http://127.0.0.1:${stripe.port}${url.pathname}${url.search}`,
      headers: { ...req.headers(), authorization: `Bearer ${stripe.secretKey}` },
    });
    await route.fulfill({ response, headers: { ...response.headers(), ...cors } });
  });
  return { scriptLoads: () => loads };
}

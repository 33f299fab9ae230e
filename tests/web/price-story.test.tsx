import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CANCELLATION_RIGHT_TEXT, TOTAL_PRICE_TEXT } from '../../core/domain/price-terms.js';
import { fakeFetch, renderApp } from './render.js';

afterEach(() => {
  vi.unstubAllGlobals();
});

/** Words that told the price story against itself (issue 37 item 6). */
const CONTRADICTIONS = /non-refundable|assessment fee|processing fee|24-72 hours/i;

async function page(path: string) {
  vi.stubGlobal('fetch', fakeFetch({ 'GET /api/public/on-time': () => ({ status: 500, body: { message: 'x' } }), 'POST /api/events': () => ({ status: 204 }) }).fn);
  await renderApp(path);
  return within(screen.getByRole('main'));
}

describe('one price story on every page that tells it (docs/product.md §14.4)', () => {
  it('the landing page: the total and the cancellation right in the payment explainer, the guarantee as the processing time', async () => {
    const main = await page('/');
    const explainer = within(main.getByRole('heading', { name: 'Simple, fair payment' }).closest('section')!);
    expect(explainer.getByText(TOTAL_PRICE_TEXT)).toBeInTheDocument();
    expect(explainer.getByText(CANCELLATION_RIGHT_TEXT)).toBeInTheDocument();
    expect(explainer.getByRole('heading', { name: 'Initial fee £10' })).toBeInTheDocument();
    expect(explainer.getByRole('heading', { name: 'Final fee £39 after approval' })).toBeInTheDocument();
    expect(main.getByText('Decision within 5 working days')).toBeInTheDocument();
    expect(document.body.textContent).not.toMatch(CONTRADICTIONS);
  });

  it('the FAQ answers the cost with the total and the refund question with the cancellation right', async () => {
    const main = await page('/faq-page');
    expect(main.getByText('How much does it cost?').closest('details')).toHaveTextContent(TOTAL_PRICE_TEXT);
    expect(main.getByText('Is the initial fee refundable?').closest('details')).toHaveTextContent(CANCELLATION_RIGHT_TEXT);
    expect(document.body.textContent).not.toMatch(CONTRADICTIONS);
  });

  it('the terms state both, with the fees’ one names', async () => {
    const main = await page('/terms');
    expect(main.getByText(TOTAL_PRICE_TEXT)).toBeInTheDocument();
    expect(main.getByText(CANCELLATION_RIGHT_TEXT)).toBeInTheDocument();
    expect(main.getByText(/^Initial fee: £10/)).toBeInTheDocument();
    expect(main.getByText(/^Final fee: £39/)).toBeInTheDocument();
    expect(document.body.textContent).not.toMatch(CONTRADICTIONS);
  });
});

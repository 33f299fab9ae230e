import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { ApplicationFormView } from '../../apps/web/src/features/apply/apply-page.js';
import { TimelineSteps } from '../../apps/web/src/components/application-timeline.js';
import { startI18n } from '../../apps/web/src/lib/i18n.js';
import { renderPage, testUser } from './render.js';
import { catalogsOf } from './catalogs.js';

afterEach(async () => {
  await startI18n('en-GB', {});
});

describe('a traveller reads their pages in their language', () => {
  it('German: the apply form, its price lines and the core’s validation messages', async () => {
    await startI18n('de', catalogsOf('de'));
    await renderPage(<ApplicationFormView agencyEmail="help@agency.example" now={new Date('2026-11-30T10:00:00Z')} />, { path: '/apply', user: testUser() });
    expect(screen.getByRole('heading', { level: 1, name: 'Antrag auf ein E-Visum für Ägypten' })).toBeInTheDocument();
    expect(screen.getAllByText(/Insgesamt zahlen Sie 49,00 £ pro Reisendem/).length).toBeGreaterThan(0);
    expect(screen.getByText('Anfangsgebühr: 10,00 £')).toBeInTheDocument();
    const givenName = screen.getByLabelText(/Vorname\(n\)/);
    await userEvent.click(givenName);
    await userEvent.tab();
    expect(await screen.findByText('Der Vorname ist erforderlich')).toBeInTheDocument();
  });

  it('French and English: a fee’s timeline step is worded from its facts, the amount in the reader’s format', async () => {
    const steps = [
      { at: '2026-11-30T10:00:00.000Z', kind: 'payment' as const, fee: 'initial' as const, amount: 1000, waived: false, message: 'Initial fee paid: £10.00' },
      { at: '2026-11-30T10:00:00.000Z', kind: 'upload' as const, message: 'Passport uploaded' },
    ];
    await startI18n('fr', catalogsOf('fr'));
    const { unmount } = render(<TimelineSteps timeline={steps} />);
    const list = within(screen.getByRole('list', { name: 'Historique' }));
    expect(list.getByText('Frais initiaux payés : 10,00 £')).toBeInTheDocument();
    expect(list.getByText('Passeport téléversé')).toBeInTheDocument();
    unmount();
    await startI18n('en-GB', {});
    render(<TimelineSteps timeline={steps} />);
    expect(within(screen.getByRole('list', { name: 'Timeline' })).getByText('Initial fee paid: £10.00')).toBeInTheDocument();
  });

  it('Arabic: every count-dependent message has the six plural forms', () => {
    const arabic = catalogsOf('ar');
    const plurals = Object.values({ ...arabic.web, ...arabic.core }).filter((text) => /, plural,/.test(text));
    expect(plurals.length).toBeGreaterThan(0);
    for (const text of plurals) for (const form of ['zero', 'one', 'two', 'few', 'many', 'other']) expect(text).toContain(`${form} {`);
  });
});

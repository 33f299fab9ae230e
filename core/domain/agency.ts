/**
 * The agency's postal address as published on the site (footer, contact page) and, unless
 * AGENCY_ADDRESS says otherwise, printed on receipts: its name first, then one line per element.
 */
export const DEFAULT_AGENCY_ADDRESS: readonly string[] = ['Egypt e-Visa Agency', 'Suite 3, 48 Fitzroy Street', 'London W1T 5BS', 'United Kingdom'];

/**
 * How the tests read what a traveller reads outside the web pages — mails, texts, PDFs — against
 * the wording rules of docs/product.md §14.4: no date as the database keeps it, no name in a
 * passport's capitals, no fee by an old name.
 */

/** A date as the database keeps it, alone ('2026-12-04') or starting an instant ('2026-12-04T14:05:00.000Z', which \b alone misses). */
export const ISO_DATE = /\b\d{4}-\d{2}-\d{2}(?=\b|T)/;
/** Two or more words in capitals in a row: how a passport writes a name ('MARIA OLIVIA'). */
const CAPITALS_RUN = /\b[A-Z][A-Z'’-]+(?:\s+[A-Z][A-Z'’-]+)+\b/;
/** The fees' old names (one name each now: 'initial fee' and 'final fee'). */
const OLD_FEE_NAMES = /assessment fee|processing fee/i;

/** Names as a passport scan fills the form, in capitals. */
export const TRAVELLER = { givenName: 'MARIA OLIVIA', surname: 'GARCIA LOPEZ' };
export const ACCOUNT_NAME = 'MARIA OLIVIA GARCIA LOPEZ';
export const STAFF_NAME = 'FATIMA EL-SAYED';
export const APPROVER_NAME = 'OMAR HASSAN';
/** Every word of every name above as the passport writes it: none may reach a reader in capitals. */
const NAME_WORDS = [ACCOUNT_NAME, STAFF_NAME, APPROVER_NAME, 'JOSE'].flatMap((n) => n.split(' '));
export const CAPITAL_NAME_WORD = new RegExp(`(?<![\\w-])(${NAME_WORDS.join('|')})(?![\\w-])`);

/**
 * What reads wrong in `text` (empty when nothing does). `capitalsRuns: false` where a document's own
 * headings are in capitals ('BORDER PACK'): only the names above are looked for there.
 */
export function wordingProblems(text: string, options: { capitalsRuns?: boolean } = {}): string[] {
  const problems: string[] = [];
  const iso = text.match(ISO_DATE);
  if (iso) problems.push(`ISO date ${iso[0]}`);
  const name = text.match(CAPITAL_NAME_WORD);
  if (name) problems.push(`name in capitals: ${name[0]}`);
  const run = options.capitalsRuns === false ? null : text.match(CAPITALS_RUN);
  if (run) problems.push(`words in capitals: ${run[0]}`);
  const fee = text.match(OLD_FEE_NAMES);
  if (fee) problems.push(`old fee name: ${fee[0]}`);
  return problems;
}

/** A mail's HTML part as a reader sees it: the tags out, the entities read. */
export function htmlText(html: string): string {
  return html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

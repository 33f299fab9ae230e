/**
 * The blocks a mail body is made of, rendered once as plain text and once as HTML. A paragraph is
 * one translated sentence (or two) whose data — an application number, a name, an address — sits in
 * a slot: `t('We have received application {number}.', { number: strong(number) })`. The text part
 * shows a slot's value as it is; the HTML part escapes it, bolds a `strong` one, and in a
 * right-to-left mail isolates it in `<bdi>` so 'EV-2611-7K3QX9' or 'maria@example.com' keeps its
 * order inside Arabic words. Only the HTML is isolated: the text part carries no invisible marks, so
 * a number copied out of it is the number.
 */

/** A block of a mail body. `p` is copy with slots; `fields` values are data. */
export type Block = { kind: 'p'; text: string } | { kind: 'quote'; text: string } | { kind: 'button'; label: string; href: string } | { kind: 'fields'; rows: [string, string][] };

// Private-use characters mark a slot in a translated sentence; a value never carries them.
const STRONG = '\uE000';
const VALUE = '\uE002';
const END = '\uE001';
const MARKS = /[\uE000-\uE002]/g;

/** A value in a sentence, in bold. */
export function strong(value: string): string {
  return STRONG + value.replace(MARKS, '') + END;
}

/** A value in a sentence (an address, a name): data, isolated in a right-to-left mail. */
export function value(value: string): string {
  return VALUE + value.replace(MARKS, '') + END;
}

export const p = (text: string): Block => ({ kind: 'p', text });

export function escapeHtml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

/** Copy with its slots as plain text. */
export function slotsText(text: string): string {
  return text.replace(MARKS, '');
}

/** Copy with its slots as HTML: escaped, bold where asked, isolated when the mail reads right to left. */
export function slotsHtml(text: string, rtl: boolean): string {
  const isolate = (html: string) => (rtl ? `<bdi>${html}</bdi>` : html);
  return escapeHtml(text)
    .replace(/\uE000([^\uE001]*)\uE001/g, (_, inner: string) => `<strong>${isolate(inner)}</strong>`)
    .replace(/\uE002([^\uE001]*)\uE001/g, (_, inner: string) => isolate(inner))
    .replace(MARKS, '');
}

/** 'Label: value' in the text part; French spaces its colon ('Demande : EV-…'). */
export type Pair = (label: string, value: string) => string;
const englishPair: Pair = (label, value) => `${label}: ${value}`;

export function blockText(block: Block, pair: Pair = englishPair): string {
  switch (block.kind) {
    case 'p':
      return slotsText(block.text);
    case 'quote':
      return block.text
        .split(/\r?\n/)
        .map((line) => `> ${line}`)
        .join('\n');
    case 'button':
      return pair(block.label, block.href);
    case 'fields':
      return block.rows.map(([label, value]) => pair(label, value)).join('\n');
  }
}

/**
 * A block as HTML. Right to left, the quote's bar and the fields' gap change sides, and staff's
 * words in a quote (often English) take their own direction.
 */
export function blockHtml(block: Block, rtl = false): string {
  switch (block.kind) {
    case 'p':
      return `<p style="margin:0 0 16px">${slotsHtml(block.text, rtl)}</p>`;
    case 'quote':
      return rtl
        ? `<blockquote dir="auto" style="margin:0 0 16px;padding:12px 16px;border-right:4px solid #c9a227;background:#faf6e8;white-space:pre-wrap">${escapeHtml(block.text)}</blockquote>`
        : `<blockquote style="margin:0 0 16px;padding:12px 16px;border-left:4px solid #c9a227;background:#faf6e8;white-space:pre-wrap">${escapeHtml(block.text)}</blockquote>`;
    case 'button':
      return `<p style="margin:24px 0"><a href="${escapeHtml(block.href)}" style="display:inline-block;padding:12px 20px;background:#1d4ed8;color:#ffffff;text-decoration:none;border-radius:6px;font-weight:600">${escapeHtml(block.label)}</a></p>`;
    case 'fields':
      return `<table role="presentation" style="margin:0 0 16px;border-collapse:collapse">${block.rows
        .map(([label, value]) =>
          rtl
            ? `<tr><td style="padding:4px 0 4px 16px;color:#555;text-align:right">${escapeHtml(label)}</td><td style="padding:4px 0;font-weight:600;text-align:right"><bdi>${escapeHtml(value)}</bdi></td></tr>`
            : `<tr><td style="padding:4px 16px 4px 0;color:#555">${escapeHtml(label)}</td><td style="padding:4px 0;font-weight:600">${escapeHtml(value)}</td></tr>`,
        )
        .join('')}</table>`;
  }
}

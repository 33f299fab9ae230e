import { cloneElement, type ReactElement, type ReactNode } from 'react';

/**
 * A translated message whose words `<0>…</0>`, `<1>…</1>` take the markup of `parts[0]`, `parts[1]`:
 * react-i18next's <Trans> in a few lines, for the landing page, whose first JavaScript has a budget
 * (<Trans> is 5 KB gzip). ICU keeps the tags (`ignoreTag`), and a translation may move them.
 */
export function markedWords(text: string, parts: readonly ReactElement<{ children?: ReactNode }>[]): ReactNode[] {
  // split() with the tag's number and words captured: text, number, words, text, number, words, text…
  return text.split(/<(\d)>(.*?)<\/\1>/).map((piece, i, all) => (i % 3 === 0 ? piece : i % 3 === 2 ? cloneElement(parts[Number(all[i - 1])]!, { key: i }, piece) : null));
}

import { cloneElement, type ReactElement, type ReactNode } from 'react';

/**
 * A translated message whose words `<name>…</name>` take the markup of `parts.name`: react-i18next's
 * <Trans> in a few lines, for the landing page, whose first JavaScript has a budget (<Trans> is 5 KB
 * gzip). ICU keeps the tags (`ignoreTag`), and a translation may move them.
 */
export function markedWords(text: string, parts: Readonly<Record<string, ReactElement<{ children?: ReactNode }>>>): ReactNode[] {
  // split() with the tag's name and words captured: text, name, words, text, name, words, text…
  return text.split(/<(\w+)>(.*?)<\/\1>/).map((piece, i, all) => (i % 3 === 0 ? piece : i % 3 === 2 ? cloneElement(parts[all[i - 1]!]!, { key: i }, piece) : null));
}

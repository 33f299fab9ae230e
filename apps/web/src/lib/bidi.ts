/**
 * A value put into a translated sentence that is a plain string (a link's text, an aria-label, a
 * toast), where no <bdi> can go: on a right-to-left page it is wrapped in Unicode's first-strong
 * isolate (U+2068 … U+2069), so a receipt number or an amount keeps its own direction inside Arabic
 * words. Left-to-right pages get the value as it is (the English text stays byte-identical).
 */
export function isolate(value: string, dir: 'ltr' | 'rtl'): string {
  return dir === 'rtl' ? `\u2068${value}\u2069` : value;
}

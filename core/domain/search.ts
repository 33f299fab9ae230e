/**
 * The one rule by which the admin search compares text, on every adapter: Unicode compatibility
 * decomposition (NFKD), combining marks removed, lower-cased. "Zoë" and "ZOE" both fold to "zoe",
 * "Ｍüller" to "muller". Stores keep folded copies of the searched fields (written with the row) and
 * fold the term the same way, so a prefix match is index-backed on SQLite and PostgreSQL alike.
 */
export function foldForSearch(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();
}

/** How long a signed-in session lasts (docs/product.md §6.4). */
export const SESSION_LIFETIME = {
  /** A session not used for this long ends. */
  idleMs: 7 * 24 * 60 * 60 * 1000,
  /** A session ends this long after sign-in, however active. */
  absoluteMs: 30 * 24 * 60 * 60 * 1000,
} as const;

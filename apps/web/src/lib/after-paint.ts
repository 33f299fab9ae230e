/**
 * Resolves once the browser has drawn the current frame (a task after the next animation frame).
 * Work that would hold up the paint — rendering a new page of the admin list, a side panel — goes
 * after it, so what was clicked shows its new state first (INP: from the input to the next paint).
 * A hidden tab draws nothing, so it does not wait.
 */
export function afterNextPaint(): Promise<void> {
  if (document.visibilityState === 'hidden') return Promise.resolve();
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve)));
}

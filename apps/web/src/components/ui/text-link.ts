import { cn } from '../../lib/format.js';

/**
 * A link that stands on its own line or in a row of controls, not inside a sentence (where WCAG's
 * "inline" exception lets a link be its line's height): underlined words on a desktop, and where a
 * finger taps (`touch:`, styles.css) a box at least 44 × 44 px around them (WCAG 2.5.5), a long
 * text still wrapping. Size and colour beyond the blue are the caller's (`text-sm`).
 */
export function textLinkClasses(className?: string): string {
  return cn('text-blue-700 underline hover:text-blue-900 touch:inline-flex touch:min-h-11 touch:min-w-11 touch:items-center touch:justify-center', className);
}

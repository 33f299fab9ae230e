import { Checkbox as CheckboxPrimitive } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/format.js';

/**
 * A 20 px box. Where a finger taps (`touch:`, styles.css) the button around it is 44 × 44 px, its
 * extra 12 px each side taken back by a negative margin: the tap area grows, the layout beside it
 * (the label, the row) stays where it was.
 */
export function Checkbox({ className, ...props }: ComponentProps<typeof CheckboxPrimitive.Root>) {
  return (
    <CheckboxPrimitive.Root
      className={cn('group inline-flex h-5 w-5 shrink-0 items-center justify-center rounded focus-visible:outline-none disabled:opacity-50', 'touch:-m-3 touch:h-11 touch:w-11', className)}
      {...props}
    >
      <span
        aria-hidden="true"
        className={cn(
          'flex h-5 w-5 items-center justify-center rounded border-2 border-blue-600 bg-white',
          'group-focus-visible:ring-2 group-focus-visible:ring-blue-500 group-focus-visible:ring-offset-2',
          'group-data-[state=checked]:bg-blue-600 group-data-[state=checked]:text-white',
        )}
      >
        <CheckboxPrimitive.Indicator className="text-xs leading-none">✓</CheckboxPrimitive.Indicator>
      </span>
    </CheckboxPrimitive.Root>
  );
}

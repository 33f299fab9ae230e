import { forwardRef, type ButtonHTMLAttributes } from 'react';
import { cn } from '../../lib/format.js';
import { useHydrated } from '../../lib/use-hydrated.js';

export type ButtonVariant = 'primary' | 'outline' | 'ghost' | 'destructive' | 'secondary' | 'link';
export type ButtonSize = 'sm' | 'md' | 'lg' | 'icon';

const variants: Record<ButtonVariant, string> = {
  // docs/product.md §14.3: the primary button is a blue-to-purple gradient; the outline style has a blue border.
  primary: 'bg-gradient-to-r from-blue-600 to-purple-600 text-white shadow-sm hover:from-blue-700 hover:to-purple-700 disabled:from-slate-400 disabled:to-slate-400',
  outline: 'border-2 border-blue-600 bg-white text-blue-700 hover:bg-blue-50 disabled:border-slate-300 disabled:text-slate-400',
  ghost: 'text-slate-700 hover:bg-slate-100',
  destructive: 'bg-red-600 text-white hover:bg-red-700',
  secondary: 'bg-slate-100 text-slate-900 hover:bg-slate-200',
  link: 'text-blue-700 underline-offset-4 hover:underline',
};

/**
 * Each size's height is also its least height (a button squeezed in a flex column, or given
 * `h-auto` for a link-like look, never shrinks below it). Where a finger taps (`touch:`, styles.css)
 * every size is at least 44 × 44 px, and a label too long for the screen wraps onto a second line
 * (the button grows) instead of pushing the page wider than the screen.
 */
const sizes: Record<ButtonSize, string> = {
  sm: 'h-9 min-h-9 px-3 text-sm touch:h-auto touch:min-h-11 touch:py-2',
  md: 'h-10 min-h-10 px-4 text-sm touch:h-auto touch:min-h-11 touch:py-2',
  lg: 'h-12 min-h-12 px-6 text-base touch:h-auto touch:py-2',
  icon: 'h-10 w-10 touch:h-11 touch:w-11',
};

export function buttonClasses(variant: ButtonVariant = 'primary', size: ButtonSize = 'md', className?: string): string {
  return cn(
    'inline-flex items-center justify-center gap-2 whitespace-nowrap rounded-md text-center font-medium transition-colors',
    'touch:min-w-11 touch:whitespace-normal',
    'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-500 focus-visible:ring-offset-2',
    'disabled:cursor-not-allowed disabled:opacity-70',
    variants[variant],
    sizes[size],
    className,
  );
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
}

/**
 * A submit button waits for the page to be taken over (useHydrated): on a pre-rendered page a form
 * sent before its code has run would be the browser's own GET, the password in the address.
 */
export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button({ variant = 'primary', size = 'md', className, type = 'button', disabled, ...props }, ref) {
  const hydrated = useHydrated();
  const waiting = type === 'submit' && !hydrated;
  return <button ref={ref} type={type} className={buttonClasses(variant, size, className)} disabled={disabled || waiting} {...props} />;
});

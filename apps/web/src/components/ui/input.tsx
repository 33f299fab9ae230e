import { forwardRef, type InputHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import { cn } from '../../lib/format.js';
import { useAriaRequired } from './label.js';

/** Where a finger taps (`touch:`, styles.css) a one-line field is 44 px tall. */
const fieldClasses =
  'w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 placeholder:text-slate-500 ' +
  'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-500 focus-visible:border-blue-500 ' +
  'disabled:cursor-not-allowed disabled:bg-slate-100 disabled:text-slate-500 aria-[invalid=true]:border-red-500';

export const Input = forwardRef<HTMLInputElement, InputHTMLAttributes<HTMLInputElement>>(function Input({ className, ...props }, ref) {
  const ariaRequired = useAriaRequired(props.id);
  return <input ref={ref} className={cn(fieldClasses, 'h-10 touch:h-11', className)} aria-required={ariaRequired} {...props} />;
});

export const Textarea = forwardRef<HTMLTextAreaElement, TextareaHTMLAttributes<HTMLTextAreaElement>>(function Textarea({ className, ...props }, ref) {
  const ariaRequired = useAriaRequired(props.id);
  return <textarea ref={ref} className={cn(fieldClasses, 'min-h-24', className)} aria-required={ariaRequired} {...props} />;
});

/** A native select styled like the inputs (long lists such as countries stay fast and accessible). */
export const NativeSelect = forwardRef<HTMLSelectElement, React.SelectHTMLAttributes<HTMLSelectElement>>(function NativeSelect({ className, ...props }, ref) {
  const ariaRequired = useAriaRequired(props.id);
  return <select ref={ref} className={cn(fieldClasses, 'h-10 touch:h-11', className)} aria-required={ariaRequired} {...props} />;
});

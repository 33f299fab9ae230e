import { Select as SelectPrimitive } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/format.js';
import { useAriaRequired } from './label.js';
import { useT } from '../../lib/i18n.js';

export interface SelectOption {
  value: string;
  label: string;
}

/** A radix Select for short option lists (gender, marital status, admin status choices). */
export function Select({
  id,
  value,
  onValueChange,
  options,
  placeholder,
  disabled,
  invalid,
  describedBy,
  className,
  onBlur,
  'aria-label': ariaLabel,
}: {
  id?: string;
  value: string | undefined;
  onValueChange: (value: string) => void;
  options: readonly SelectOption[];
  placeholder?: string;
  disabled?: boolean;
  invalid?: boolean;
  describedBy?: string;
  className?: string;
  /**
   * The user left the field: its list closed, or focus moved on while it was closed. (A plain blur
   * would also fire while the list is open, as focus moves into it, and flash the error meanwhile.)
   */
  onBlur?: () => void;
  'aria-label'?: string;
}) {
  const { t } = useT();
  const ariaRequired = useAriaRequired(id);
  return (
    <SelectPrimitive.Root
      value={value || undefined}
      onValueChange={onValueChange}
      disabled={disabled}
      onOpenChange={(open) => {
        if (!open) onBlur?.();
      }}
    >
      <SelectPrimitive.Trigger
        id={id}
        aria-label={ariaLabel}
        aria-invalid={invalid || undefined}
        aria-required={ariaRequired}
        aria-describedby={describedBy}
        onBlur={(event) => {
          if (event.currentTarget.dataset.state !== 'open') onBlur?.();
        }}
        className={cn(
          'flex h-10 w-full items-center justify-between rounded-md border border-slate-300 bg-white px-3 text-start text-sm touch:h-11',
          'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-500 data-[placeholder]:text-slate-500',
          'disabled:cursor-not-allowed disabled:bg-slate-100 aria-[invalid=true]:border-red-500',
          className,
        )}
      >
        <SelectPrimitive.Value placeholder={placeholder ?? t('Select…')} />
        <SelectPrimitive.Icon aria-hidden="true" className="text-slate-500">
          ▾
        </SelectPrimitive.Icon>
      </SelectPrimitive.Trigger>
      <SelectPrimitive.Portal>
        <SelectPrimitive.Content
          position="popper"
          sideOffset={4}
          className="z-50 max-h-72 min-w-[var(--radix-select-trigger-width)] overflow-hidden rounded-md border border-slate-200 bg-white shadow-lg"
        >
          <SelectPrimitive.Viewport className="p-1">
            {options.map((option) => (
              <SelectItem key={option.value} value={option.value}>
                {option.label}
              </SelectItem>
            ))}
          </SelectPrimitive.Viewport>
        </SelectPrimitive.Content>
      </SelectPrimitive.Portal>
    </SelectPrimitive.Root>
  );
}

function SelectItem({ className, children, ...props }: ComponentProps<typeof SelectPrimitive.Item>) {
  return (
    <SelectPrimitive.Item
      className={cn(
        'relative flex cursor-pointer select-none items-center rounded px-2 py-1.5 text-sm outline-none touch:min-h-11',
        'data-[highlighted]:bg-blue-50 data-[highlighted]:text-blue-900 data-[state=checked]:font-semibold',
        className,
      )}
      {...props}
    >
      <SelectPrimitive.ItemText>{children}</SelectPrimitive.ItemText>
    </SelectPrimitive.Item>
  );
}

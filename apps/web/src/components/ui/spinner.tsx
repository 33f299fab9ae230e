import { cn } from '../../lib/format.js';
import { useT } from '../../lib/i18n.js';

/** `label`: what is loading, in the page's language ('Loading' when not said). */
export function Spinner({ className, label }: { className?: string; label?: string }) {
  const { t } = useT();
  return (
    <span role="status" className={cn('inline-flex items-center', className)}>
      <span className="h-8 w-8 animate-spin rounded-full border-4 border-blue-200 border-t-blue-600" aria-hidden="true" />
      <span className="sr-only">{label ?? t('Loading')}</span>
    </span>
  );
}

export function PageSpinner({ label }: { label?: string }) {
  return (
    <div className="flex min-h-[50vh] items-center justify-center">
      <Spinner label={label} />
    </div>
  );
}

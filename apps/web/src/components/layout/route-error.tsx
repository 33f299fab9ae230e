import { useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { Button } from '../ui/button.js';
import { Card, CardContent, CardTitle } from '../ui/card.js';
import { useT } from '../../lib/i18n.js';

/** Shown when a page's data could not be loaded (the API is down, or answered an error). */
export function RouteError({ error, reset }: ErrorComponentProps) {
  const router = useRouter();
  const { t } = useT();
  return (
    <div className="flex min-h-[50vh] items-center justify-center px-4">
      <Card className="w-full max-w-md">
        <CardContent className="space-y-4 pt-6">
          <CardTitle>{t('Something went wrong')}</CardTitle>
          <p className="text-sm text-slate-600">{t('This page could not be loaded. Please try again in a moment.')}</p>
          <p className="break-words rounded bg-slate-100 p-2 text-start font-mono text-xs text-slate-700">{error instanceof Error ? error.message : String(error)}</p>
          <Button
            variant="outline"
            onClick={() => {
              reset();
              void router.invalidate();
            }}
          >
            {t('Try again')}
          </Button>
        </CardContent>
      </Card>
    </div>
  );
}

import { Link } from '@tanstack/react-router';
import { buttonClasses } from '../../components/ui/button.js';
import { Card, CardContent } from '../../components/ui/card.js';

/** docs/product.md §2.2 not-found page. */
export function NotFoundPage() {
  return (
    <div className="flex min-h-[60vh] w-full items-center justify-center px-4">
      <Card className="w-full max-w-md">
        <CardContent className="pt-6">
          <div className="mb-4 flex items-center gap-2">
            <span aria-hidden="true" className="text-2xl text-red-500">⚠</span>
            <h1 className="text-2xl font-bold text-slate-900">404 Page Not Found</h1>
          </div>
          <p className="mt-4 text-sm text-slate-600">Did you forget to add the page to the router?</p>
          <Link to="/" className={buttonClasses('outline', 'md', 'mt-6')}>
            Back to the home page
          </Link>
        </CardContent>
      </Card>
    </div>
  );
}

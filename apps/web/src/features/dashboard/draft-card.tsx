import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { personName } from '@core/domain/wording.js';
import { buttonClasses } from '../../components/ui/button.js';
import { Card, CardContent } from '../../components/ui/card.js';
import { applicationDraftQuery, type DraftFieldsDto } from '../../api/drafts.js';
import { useT } from '../../lib/i18n.js';

/** Whether a saved draft holds anything the applicant typed (an emptied form is no draft). */
export function hasContent(draft: DraftFieldsDto | null | undefined): draft is DraftFieldsDto {
  return Boolean(draft) && Object.values(draft!).some((value) => value !== null && value !== undefined && value !== '' && value !== false);
}

/**
 * The application the applicant started and has not submitted (docs/product.md §2.7, §12.1): the
 * apply page saved it, and the dashboard says so instead of 'No Applications Yet'.
 */
export function DraftCard({ draft }: { draft: DraftFieldsDto }) {
  const { t } = useT();
  const name = personName([draft.givenName, draft.surname].filter(Boolean).join(' '));
  return (
    <Card className="mx-auto max-w-2xl" data-testid="draft-card">
      <CardContent className="pt-6">
        <h2 className="text-xl font-semibold text-slate-900">{t('Your application in progress')}</h2>
        <p className="mt-2 text-slate-700">
          {name ? t('You started an application for {name}.', { name }) : t('You started an application.')} {t('What you typed is saved: carry on where you left off, then submit it.')}
        </p>
        <Link to="/apply" className={buttonClasses('primary', 'md', 'mt-4')}>
          {t('Continue application')}
        </Link>
      </CardContent>
    </Card>
  );
}

/**
 * The saved draft when it holds anything; `known` once the server answered (or could not: a draft
 * that cannot be read hides nothing else).
 */
export function useSavedDraft(signedIn: boolean): { draft: DraftFieldsDto | null; known: boolean } {
  const query = useQuery({ ...applicationDraftQuery, enabled: signedIn });
  return { draft: hasContent(query.data) ? query.data : null, known: !query.isPending || query.isError };
}

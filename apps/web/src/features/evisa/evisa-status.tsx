import { borderPackUrl } from '@core/domain/border-pack.js';
import { documentFileUrl } from '@core/domain/document.js';
import { formatDay } from '@core/domain/wording.js';
import { useDocumentsQuery } from '../../api/applications.js';
import { buttonClasses } from '../../components/ui/button.js';
import { isolate } from '../../lib/bidi.js';
import { msg } from '@core/i18n/index.js';
import { useT } from '../../lib/i18n.js';

/** What the card can truly say of the e-visa of a completed application (docs/product.md §3.4). */
export type EvisaState = 'preparing' | 'mailing' | 'ready' | 'sent';

export interface EvisaFacts {
  /** The visa's file name once staff attached it. */
  visaDocument: string | null;
  /** When its mail was queued on its own (null: never). */
  evisaMailedAt?: string | null;
  /** When its mail last reached the mail server (null: never yet). */
  evisaSentAt?: string | null;
}

/**
 * Sent only once the mail server took it; on its way once queued; ready (to download) when attached
 * with no mail queued (demo data, or one made before the mail went on its own); else being prepared.
 */
export function evisaState(app: EvisaFacts): EvisaState {
  if (app.evisaSentAt) return 'sent';
  if (!app.visaDocument) return 'preparing';
  return app.evisaMailedAt ? 'mailing' : 'ready';
}

const DOWNLOAD = buttonClasses('outline', 'md', 'h-auto min-h-11 w-full whitespace-normal break-words py-2 text-center');

/** Links to the issued e-visa (its document's download URL) and the border pack, once the agency has attached it. */
function VisaDownload({ applicationId }: { applicationId: number }) {
  const { t, dir } = useT();
  const documents = useDocumentsQuery(applicationId);
  const visa = (documents.data ?? []).filter((d) => d.type === 'visa').sort((a, b) => b.uploadedAt.localeCompare(a.uploadedAt))[0];
  if (!visa) return null;
  return (
    <>
      {/* Wraps rather than running off a phone's screen with a long file name. */}
      <a href={documentFileUrl(visa.id)} target="_blank" rel="noopener noreferrer" className={DOWNLOAD}>
        {t('Download your e-visa ({file})', { file: isolate(visa.fileName, dir) })}
      </a>
      {/* One page to print and show at the border with the e-visa (docs/product.md §16.6). */}
      <a href={borderPackUrl(applicationId)} target="_blank" rel="noopener noreferrer" className={DOWNLOAD}>
        {t('Download border pack (PDF)')}
      </a>
    </>
  );
}

const TEXT: Record<Exclude<EvisaState, 'sent'>, string> = {
  preparing: msg("We're preparing your e-visa — we'll email it to you as soon as Egypt issues it."),
  mailing: msg("Your e-visa is ready. We're emailing it to you now, and you can download it below."),
  ready: msg('Your e-visa is ready: download it below.'),
};

/** The e-visa on a completed application's card: where it stands, in words that are true now, and its downloads. */
export function EvisaStatus({ application }: { application: EvisaFacts & { id: number } }) {
  const { t, intl } = useT();
  const state = evisaState(application);
  return (
    <div className="space-y-2" data-testid="evisa-status" data-state={state}>
      <p role="status" className={state === 'preparing' ? 'rounded-md bg-blue-50 p-3 text-sm font-medium text-blue-900' : 'rounded-md bg-green-50 p-3 text-sm font-medium text-green-900'}>
        {state === 'sent' ? t('E-visa sent to your email on {day}', { day: formatDay(application.evisaSentAt!, intl) }) : t(TEXT[state])}
      </p>
      {application.visaDocument ? <VisaDownload applicationId={application.id} /> : null}
    </div>
  );
}

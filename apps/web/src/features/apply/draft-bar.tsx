import { Button } from '../../components/ui/button.js';
import type { DraftStatus } from './use-application-draft.js';
import { msg } from '@core/i18n/index.js';
import { useT } from '../../lib/i18n.js';

const STATUS_TEXT: Record<DraftStatus, string> = {
  idle: '',
  saving: msg('Saving…'),
  saved: msg('Saved'),
  failed: msg('Not saved yet — we will try again when you next type.'),
};

/** The quiet autosave line under the title: what was restored, whether the answers are saved, and "Start over". */
export function DraftBar({ status, restored, onStartOver }: { status: DraftStatus; restored: boolean; onStartOver: () => void }) {
  const { t } = useT();
  return (
    <div className="flex flex-wrap items-center justify-between gap-2 text-sm text-slate-500">
      <p>{restored ? t('We restored the answers you saved. Please choose your passport file again.') : t('Your answers are saved as you type.')}</p>
      <div className="flex items-center gap-3">
        <span role="status" aria-live="polite" data-testid="draft-status">
          {STATUS_TEXT[status] ? t(STATUS_TEXT[status]) : ''}
        </span>
        <Button variant="ghost" size="sm" onClick={onStartOver}>
          {t('Start over')}
        </Button>
      </div>
    </div>
  );
}

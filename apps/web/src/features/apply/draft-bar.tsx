import { Button } from '../../components/ui/button.js';
import type { DraftStatus } from './use-application-draft.js';

const STATUS_TEXT: Record<DraftStatus, string> = {
  idle: '',
  saving: 'Saving…',
  saved: 'Saved',
  failed: 'Not saved yet — we will try again when you next type.',
};

/** The quiet autosave line under the title: what was restored, whether the answers are saved, and "Start over". */
export function DraftBar({ status, restored, onStartOver }: { status: DraftStatus; restored: boolean; onStartOver: () => void }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-2 text-sm text-slate-500">
      <p>{restored ? 'We restored the answers you saved. Please choose your passport file again.' : 'Your answers are saved as you type.'}</p>
      <div className="flex items-center gap-3">
        <span role="status" aria-live="polite" data-testid="draft-status">
          {STATUS_TEXT[status]}
        </span>
        <Button variant="ghost" size="sm" onClick={onStartOver}>
          Start over
        </Button>
      </div>
    </div>
  );
}

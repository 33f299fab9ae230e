import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import type { ApplicationStatus } from '@core/domain/status.js';
import type { AdminApplicationDto as ApplicationDto } from './api.js';

/**
 * What an admin has chosen for one application but not sent yet (docs/product.md §2.15: changes are staged
 * locally and only sent on 'Apply Changes'). A visa file chosen before the application is approved
 * on the server waits here too: it is uploaded right after the approval is saved.
 */
export interface StagedChange {
  status: ApplicationStatus;
  additionalInfoMessage: string;
  requiresPassportReupload: boolean;
  /** With `rejected`: the reason shown to the applicant (docs/product.md §16.2); never stored on the application. */
  rejectionReason: string;
  visaFile: File | null;
}

/** The application as the server has it, in the staged change's shape. */
export function savedState(app: ApplicationDto): StagedChange {
  return {
    status: app.status,
    additionalInfoMessage: app.additionalInfoMessage ?? '',
    requiresPassportReupload: app.requiresPassportReupload,
    rejectionReason: '',
    visaFile: null,
  };
}

function sameAsSaved(change: StagedChange, app: ApplicationDto): boolean {
  const saved = savedState(app);
  return (
    change.status === saved.status &&
    change.additionalInfoMessage.trim() === saved.additionalInfoMessage.trim() &&
    change.requiresPassportReupload === saved.requiresPassportReupload &&
    change.rejectionReason.trim() === '' &&
    change.visaFile === null
  );
}

interface StagedChanges {
  /** The staged change of an application, or undefined when nothing is staged. */
  get(applicationId: number): StagedChange | undefined;
  /** Stages `change`; a change that matches what is saved un-stages the row. */
  stage(app: ApplicationDto, change: StagedChange): void;
  discard(applicationId: number): void;
  count: number;
}

const StagedChangesContext = createContext<StagedChanges | null>(null);

/** Staged changes live above the tabs and pages, so switching tab or page never drops one. */
export function StagedChangesProvider({ children }: { children: ReactNode }) {
  const [changes, setChanges] = useState<Record<number, StagedChange>>({});
  const stage = useCallback((app: ApplicationDto, change: StagedChange) => {
    setChanges((current) => {
      const { [app.id]: _previous, ...rest } = current;
      return sameAsSaved(change, app) ? rest : { ...rest, [app.id]: change };
    });
  }, []);
  const discard = useCallback((applicationId: number) => {
    setChanges((current) => {
      const { [applicationId]: _dropped, ...rest } = current;
      return rest;
    });
  }, []);
  const value = useMemo<StagedChanges>(() => ({ get: (id) => changes[id], stage, discard, count: Object.keys(changes).length }), [changes, stage, discard]);
  return <StagedChangesContext.Provider value={value}>{children}</StagedChangesContext.Provider>;
}

export function useStagedChanges(): StagedChanges {
  const value = useContext(StagedChangesContext);
  if (!value) throw new Error('useStagedChanges needs a StagedChangesProvider');
  return value;
}

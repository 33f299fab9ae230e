import { skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { isMaskedPassportNumber } from '@core/domain/passport-mask.js';
import { api, apiPath, ApiError, call, serverMessage } from '../api/client.js';
import { Button } from './ui/button.js';
import { cn } from '../lib/format.js';
import { useT, type PageWords } from '../lib/i18n.js';
import { useCan } from '../lib/permissions.js';

const revealRoute = api.admin.applications[':id']['reveal-passport'];
/** What "Reveal" answers: the typed number and the passport copy's reading, in full. */
export type RevealedPassportDto = InferResponseType<typeof revealRoute.$post, 200>;

const byId = (id: number) => ({ param: { id: String(id) } });

/**
 * Where a revealed number is kept in this browser: the query cache, under the reveal's own path,
 * so the list's cell, the side panel, the passport check and the portal sheet all show it once any
 * of them revealed it, and signing out (which empties the cache) forgets it. Nothing ever fetches
 * this key: only a press on "Reveal" fills it (each press is an audited read on the server).
 */
export const revealedPassportKey = (applicationId: number) => [apiPath(revealRoute.$path(byId(applicationId)))] as const;

/** The application's revealed passport (undefined until someone here pressed "Reveal") and the reveal itself. */
export function useRevealedPassport(applicationId: number) {
  const queryClient = useQueryClient();
  const revealed = useQuery<RevealedPassportDto>({ queryKey: revealedPassportKey(applicationId), queryFn: skipToken, staleTime: Infinity }).data;
  const reveal = useMutation<RevealedPassportDto, Error, void>({
    mutationFn: () => call(revealRoute.$post(byId(applicationId))),
    onSuccess: (data) => queryClient.setQueryData(revealedPassportKey(applicationId), data),
  });
  return { revealed, reveal };
}

/**
 * The application's passport number as staff see it: masked (`•••••1276`) until "Reveal"
 * (decision 0030), then in full. An application that came unmasked (the applicant's own read)
 * shows as it is.
 */
export function shownPassportNumber(app: { id: number; passportNumber: string }, revealed: RevealedPassportDto | undefined): string {
  return revealed?.passportNumber ?? app.passportNumber;
}

/** Why a reveal failed, in words. */
function revealError(error: Error, t: PageWords['t']): string {
  if (error instanceof ApiError && error.status === 403) return t('Your role cannot reveal passport numbers.');
  return serverMessage(error) ?? t('The passport number could not be revealed. Please try again.');
}

/** The list's cell: masked, or the number once revealed here. */
export function PassportCell({ app }: { app: { id: number; passportNumber: string } }) {
  const { revealed } = useRevealedPassport(app.id);
  const shown = shownPassportNumber(app, revealed);
  return (
    <span title={shown} dir="ltr" className="block truncate tabular-nums" data-testid={`passport-cell-${app.id}`}>
      {shown}
    </span>
  );
}

/**
 * The side panel's passport number with its "Reveal" button, for staff whose role may reveal it
 * (`passports.reveal`); each press asks the server, which records the read in the audit log.
 */
export function PassportNumberReveal({ app, className }: { app: { id: number; passportNumber: string }; className?: string }) {
  const canReveal = useCan('passports.reveal');
  const { t } = useT();
  const { revealed, reveal } = useRevealedPassport(app.id);
  const shown = shownPassportNumber(app, revealed);
  const masked = isMaskedPassportNumber(shown);
  return (
    <span className={cn('inline-flex flex-wrap items-center gap-2', className)}>
      <span dir="ltr" className="font-mono tabular-nums" data-testid={`passport-number-${app.id}`}>
        {shown}
      </span>
      {masked && canReveal ? (
        <Button type="button" size="sm" variant="outline" aria-label={t('Reveal the passport number')} disabled={reveal.isPending} onClick={() => reveal.mutate()}>
          {reveal.isPending ? t('Revealing...') : t('Reveal')}
        </Button>
      ) : null}
      {masked && !canReveal ? <span className="text-xs text-slate-500">{t('Your role does not show passport numbers in full.')}</span> : null}
      {reveal.error ? (
        <span role="alert" className="basis-full text-xs text-red-700">
          {revealError(reveal.error, t)}
        </span>
      ) : null}
    </span>
  );
}

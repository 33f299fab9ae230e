import { isDomainError } from '../../core/domain/errors.js';

/** Waits before trying a busy scanner again: 10 s, 1 min, 5 min (then the reading stays pending). */
export const BUSY_RETRY_DELAYS_MS = [10_000, 60_000, 300_000] as const;

/**
 * Reads each new passport upload's MRZ after the upload has been answered: the applicant does not
 * wait the seconds OCR takes, and the application reads 'pending' until the reading is stored.
 * The OCR itself runs in the scanner's bounded worker pool; when its queue is full (a burst of
 * scans) the check waits and tries again. Other failures are logged: the reading stays 'pending'.
 */
export class PassportChecks {
  private readonly running = new Set<Promise<void>>();
  private stopped = false;

  constructor(
    private readonly check: (documentId: number) => Promise<unknown>,
    private readonly log: (line: string) => void,
    private readonly retryDelaysMs: readonly number[] = BUSY_RETRY_DELAYS_MS,
  ) {}

  /** Starts reading the document in the background (never throws). */
  schedule(documentId: number): void {
    if (this.stopped) return;
    const task = this.run(documentId).finally(() => this.running.delete(task));
    this.running.add(task);
  }

  /**
   * Schedules the documents whose reading is still pending (the server stopped before reading
   * them). Answers how many; a failure to list them is logged, never thrown.
   */
  async resume(pending: () => Promise<number[]>): Promise<number> {
    try {
      const documentIds = await pending();
      for (const id of documentIds) this.schedule(id);
      if (documentIds.length > 0) this.log(`[passport-check] reading ${documentIds.length} passport copies left pending`);
      return documentIds.length;
    } catch (error) {
      this.log(`[passport-check] the pending passport checks could not be listed: ${error instanceof Error ? error.message : String(error)}`);
      return 0;
    }
  }

  /** Resolves once every scheduled check has ended (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.running.size > 0) await Promise.all([...this.running]);
  }

  /** No new checks; waiting retries end at their next turn. */
  stop(): void {
    this.stopped = true;
  }

  private async run(documentId: number): Promise<void> {
    for (let attempt = 0; ; attempt += 1) {
      try {
        await this.check(documentId);
        return;
      } catch (error) {
        const busy = isDomainError(error, 'Unavailable') && error.data.type === 'Unavailable' && error.data.busy === true;
        const delay = this.retryDelaysMs[attempt];
        if (!busy || delay === undefined || this.stopped) {
          this.log(`[passport-check] document ${documentId}: the passport could not be read (${error instanceof Error ? error.message : String(error)}); its check stays pending`);
          return;
        }
        // An unref'd timer: a waiting retry never keeps the process alive.
        await new Promise<void>((resolve) => setTimeout(resolve, delay).unref());
      }
    }
  }
}

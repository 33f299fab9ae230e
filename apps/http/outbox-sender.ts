import type { UseCases } from '../../core/use-cases/use-cases.js';

/**
 * Sends queued mail: every `intervalMs`, and right after a request that queued some (`kick`). One
 * run at a time; a kick during a run schedules one more run after it. The outbox itself leases
 * each mail, so a second server process cannot send the same mail twice.
 */
export class OutboxSender {
  private timer: NodeJS.Timeout | null = null;
  private current: Promise<void> | null = null;
  private again = false;
  private stopped = false;

  constructor(
    private readonly useCases: Pick<UseCases, 'deliverPendingMail'>,
    private readonly options: { intervalMs?: number; log?: (message: string) => void } = {},
  ) {}

  start(): void {
    if (this.timer) return;
    this.stopped = false;
    this.timer = setInterval(() => this.kick(), this.options.intervalMs ?? 5000);
    this.timer.unref();
    this.kick();
  }

  kick(): void {
    if (this.stopped) return;
    if (this.current) {
      this.again = true;
      return;
    }
    this.current = this.run().finally(() => {
      this.current = null;
      if (this.again && !this.stopped) {
        this.again = false;
        this.kick();
      }
    });
  }

  private async run(): Promise<void> {
    try {
      // Drain in batches while mail keeps coming, so a burst does not wait for the next tick.
      for (let round = 0; round < 20; round += 1) {
        const { sent, failed } = await this.useCases.deliverPendingMail({ limit: 25 });
        if (failed > 0) this.options.log?.(`[mail] ${failed} mail(s) failed and will be retried`);
        if (sent + failed < 25 || this.stopped) break;
      }
    } catch (error) {
      this.options.log?.(`[mail] outbox run failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  /** Stops the timer and waits for the run in progress. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    while (this.current) await this.current;
  }
}

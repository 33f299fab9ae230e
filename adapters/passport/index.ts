import { availableParallelism } from 'node:os';
import type { Piscina } from 'piscina';
import { errors } from '../../core/domain/errors.js';
import type { MrzReading } from '../../core/domain/passport-scan.js';
import type { PassportImage, PassportReader } from '../../core/ports/passport-reader.js';
import { DEFAULT_MAX_PIXELS, UndecodableImage } from './decode.js';
import { bundleWorker, type WorkerBundle } from './worker-bundle.js';
import type { ConversionOutcome, PassportTask } from './worker.js';

export { UndecodableImage } from './decode.js';
export { PORTAL_MAX_BYTES } from './portal-copy.js';

export interface PassportScannerOptions {
  /** Worker threads doing the CPU work (decoding, PDF rendering, OCR). */
  workers: number;
  /** Tasks that may wait for a free thread; one more is refused as Unavailable (503). */
  maxQueue: number;
  /** A task running longer is stopped and its thread replaced (a hostile file never stalls a thread). */
  timeoutMs: number;
  /** Largest image decoded, in pixels (width × height), checked before decoding. */
  maxPixels: number;
  /** Threads idle this long end, and give back their OCR engines' memory. */
  idleTimeoutMs: number;
}

/** One thread per two cores (the web server keeps the rest), 8 waiting, 30 s per task. */
export function defaultScannerOptions(): PassportScannerOptions {
  return {
    workers: Math.max(1, Math.floor(availableParallelism() / 2)),
    maxQueue: 8,
    timeoutMs: 30_000,
    maxPixels: DEFAULT_MAX_PIXELS,
    idleTimeoutMs: 5 * 60_000,
  };
}

export const SCANNER_BUSY_MESSAGE = 'The passport scanner is busy. Please try again in a minute.';

/** A JavaScript heap bigger than this in one thread is a hostile file (say, a PDF bomb): the thread dies. */
const THREAD_HEAP_LIMIT_MB = 384;

function isTimeout(error: unknown): boolean {
  return error instanceof Error && error.name === 'AbortError';
}

function isOutOfMemory(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === 'ERR_WORKER_OUT_OF_MEMORY';
}

/** A private copy of the bytes, so the caller's buffer is not detached when this one is transferred. */
function copyOf(body: Uint8Array): Uint8Array {
  return new Uint8Array(body);
}

/** The port's answer for a file that cannot be decoded: null (the core words the refusal). */
async function decodedOrNull(conversion: Promise<Buffer>): Promise<Buffer | null> {
  try {
    return await conversion;
  } catch (error) {
    if (error instanceof UndecodableImage) return null;
    throw error;
  }
}

/**
 * The passport scanner: reads MRZs, makes portal copies and turns HEIC into JPEG, on this server
 * and offline, in a bounded pool of worker threads (piscina) so the request thread never decodes
 * or recognises anything. The pool starts with the first task (so the server starts fast) and
 * ends idle threads. A burst queues up to `maxQueue`; beyond that the scanner answers
 * Unavailable at once instead of growing a backlog.
 */
export class PassportScanner implements PassportReader {
  readonly options: PassportScannerOptions;
  private pool: Promise<{ pool: Piscina; bundle: WorkerBundle }> | null = null;
  private running: Piscina | null = null;
  /** Tasks accepted and not yet answered: running in a thread or waiting for one. */
  private inFlight = 0;
  private closed = false;

  constructor(options: Partial<PassportScannerOptions> = {}) {
    this.options = { ...defaultScannerOptions(), ...options };
  }

  /** Threads currently running (0 until the first task, and again once idle threads have ended). */
  get threads(): number {
    return this.running?.threads.length ?? 0;
  }

  private start(): Promise<{ pool: Piscina; bundle: WorkerBundle }> {
    this.pool ??= (async () => {
      const [{ Piscina }, bundle] = await Promise.all([import('piscina'), bundleWorker()]);
      const pool = new Piscina({
        filename: bundle.url,
        // Plain Node in the threads: no loader of the parent's (see worker-bundle.ts).
        execArgv: [],
        minThreads: 0,
        maxThreads: this.options.workers,
        idleTimeout: this.options.idleTimeoutMs,
        resourceLimits: { maxOldGenerationSizeMb: THREAD_HEAP_LIMIT_MB },
      });
      // A thread that fails while it holds no task (a hostile file's thread running out of memory
      // after its task timed out and was answered null) is an 'error' of the pool: piscina has
      // already replaced the thread, and unheard the event would be thrown and stop the server.
      pool.on('error', () => {});
      this.running = pool;
      return { pool, bundle };
    })();
    return this.pool;
  }

  /**
   * Runs a task in a thread, or refuses it at once when every thread is busy and `maxQueue` tasks
   * already wait (counted here, before anything is awaited, so a burst cannot slip past the bound).
   */
  private async run<R>(task: PassportTask): Promise<R> {
    if (this.closed) throw errors.unavailable('passport-scanner', 'The passport scanner has stopped.');
    if (this.inFlight >= this.options.workers + this.options.maxQueue) throw errors.unavailable('passport-scanner', SCANNER_BUSY_MESSAGE, { busy: true });
    this.inFlight += 1;
    try {
      const { pool } = await this.start();
      const transferList = [task.bytes.buffer as ArrayBuffer];
      return (await pool.run(task, { signal: AbortSignal.timeout(this.options.timeoutMs), transferList })) as R;
    } finally {
      this.inFlight -= 1;
    }
  }

  async read(image: PassportImage): Promise<MrzReading | null> {
    const limits = { maxPixels: this.options.maxPixels };
    try {
      return await this.run<MrzReading | null>({ kind: 'read-mrz', bytes: copyOf(image.body), type: image.contentType, limits });
    } catch (error) {
      // A file that took too long or blew the thread's memory is a file we cannot read.
      if (isTimeout(error) || isOutOfMemory(error)) return null;
      throw error;
    }
  }

  /** The image as the official portal takes it (see toPortalCopy). Throws UndecodableImage. */
  async portalCopy(image: PassportImage): Promise<Buffer> {
    return this.convert({ kind: 'portal-copy', bytes: copyOf(image.body), type: image.contentType, limits: { maxPixels: this.options.maxPixels } });
  }

  /** A HEIC/HEIF photo as a JPEG. Throws UndecodableImage. */
  async heicToJpeg(body: Uint8Array): Promise<Buffer> {
    return this.convert({ kind: 'heic-to-jpeg', bytes: copyOf(body), limits: { maxPixels: this.options.maxPixels } });
  }

  async convertHeic(body: Buffer): Promise<Buffer | null> {
    return decodedOrNull(this.heicToJpeg(body));
  }

  async makePortalCopy(image: PassportImage): Promise<Buffer | null> {
    return decodedOrNull(this.portalCopy(image));
  }

  private async convert(task: PassportTask): Promise<Buffer> {
    let outcome: ConversionOutcome;
    try {
      outcome = await this.run<ConversionOutcome>(task);
    } catch (error) {
      if (isTimeout(error)) throw new UndecodableImage('it took too long');
      if (isOutOfMemory(error)) throw new UndecodableImage('it needs too much memory');
      throw error;
    }
    if ('undecodable' in outcome) throw new UndecodableImage(outcome.undecodable);
    return Buffer.from(outcome.jpeg.buffer, outcome.jpeg.byteOffset, outcome.jpeg.byteLength);
  }

  /** Ends every thread (running tasks are abandoned): the server calls it on shutdown. */
  async close(): Promise<void> {
    this.closed = true;
    const started = this.pool;
    this.pool = null;
    this.running = null;
    if (!started) return;
    const { pool, bundle } = await started;
    await pool.destroy();
    await bundle.remove();
  }
}

/** The scanner the composition root binds; nothing starts until the first scan. */
export function openPassportScanner(options: Partial<PassportScannerOptions> = {}): PassportScanner {
  return new PassportScanner(options);
}

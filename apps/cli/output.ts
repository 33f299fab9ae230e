import { once } from 'node:events';
import fs from 'node:fs';
import path from 'node:path';
import type { Writable } from 'node:stream';
import cliProgress from 'cli-progress';
import { CommandFailed } from './errors.js';

/**
 * Where a command's human-readable lines go. Data (exports) goes to stdout; when stdout carries
 * data, messages go to stderr so a pipe stays clean.
 */
export interface Reporter {
  /** A line for the operator (what is being done, each item sent…). */
  line(text: string): void;
  /** The one-line summary every command ends with. */
  summary(text: string): void;
  /** A warning on stderr. */
  warn(text: string): void;
  /** A progress bar on a terminal (stderr), nothing otherwise. */
  progress(label: string, total?: number): Progress;
}

export interface Progress {
  increment(by?: number): void;
  setTotal(total: number): void;
  stop(): void;
}

const noProgress: Progress = { increment() {}, setTotal() {}, stop() {} };

function progressWanted(): boolean {
  return Boolean(process.stderr.isTTY) && !process.env.CI && process.env.EVISA_NO_PROGRESS !== '1';
}

export function createProgress(label: string, total?: number): Progress {
  if (!progressWanted()) return noProgress;
  const known = total !== undefined && total > 0;
  const bar = new cliProgress.SingleBar(
    {
      stream: process.stderr,
      format: known ? `${label} |{bar}| {percentage}% {value}/{total} eta {eta_formatted}` : `${label} {value}`,
      hideCursor: true,
      clearOnComplete: true,
      stopOnComplete: false,
      etaBuffer: 50,
      fps: 10,
    },
    cliProgress.Presets.shades_classic,
  );
  bar.start(known ? total : 0, 0);
  let stopped = false;
  return {
    increment(by = 1) {
      if (!stopped) bar.increment(by);
    },
    setTotal(t) {
      if (!stopped) bar.setTotal(t);
    },
    stop() {
      if (!stopped) {
        stopped = true;
        bar.stop();
      }
    },
  };
}

export function createReporter(options: { dataOnStdout?: boolean } = {}): Reporter {
  const info = options.dataOnStdout ? process.stderr : process.stdout;
  return {
    line: (text) => void info.write(`${text}\n`),
    summary: (text) => void info.write(`${text}\n`),
    warn: (text) => void process.stderr.write(`${text}\n`),
    progress: createProgress,
  };
}

/** Writes with backpressure: waits for 'drain' when the stream's buffer is full. */
export async function writeChunk(stream: Writable, chunk: string | Buffer): Promise<void> {
  if (stream.write(chunk)) return;
  await new Promise<void>((resolve, reject) => {
    const cleanup = () => {
      stream.off('drain', onDrain);
      stream.off('error', onError);
      stream.off('close', onClose);
    };
    const onDrain = () => {
      cleanup();
      resolve();
    };
    const onError = (error: Error) => {
      cleanup();
      reject(error);
    };
    const onClose = () => {
      cleanup();
      reject(Object.assign(new Error('output closed'), { code: 'EPIPE' }));
    };
    stream.on('drain', onDrain);
    stream.on('error', onError);
    stream.on('close', onClose);
  });
}

export interface Destination {
  stream: Writable;
  /** True when writing to stdout. */
  toStdout: boolean;
  /** Where the data ends up, for the summary. */
  label: string;
  /** Flushes; for a file, moves the finished file into place. */
  finish(): Promise<void>;
  /** Removes the partial file (a failed export never leaves half a file under the final name). */
  abort(): Promise<void>;
}

/**
 * stdout, or FILE written as FILE.partial-PID and renamed on success. The folder must exist.
 */
export async function openDestination(outPath: string | undefined): Promise<Destination> {
  if (!outPath || outPath === '-') {
    return {
      stream: process.stdout,
      toStdout: true,
      label: 'stdout',
      async finish() {
        if (process.stdout.writableNeedDrain) await once(process.stdout, 'drain');
      },
      async abort() {},
    };
  }
  const finalPath = path.resolve(outPath);
  const tempPath = `${finalPath}.partial-${process.pid}`;
  const stream = fs.createWriteStream(tempPath, { flags: 'w', mode: 0o600, highWaterMark: 1 << 16 });
  // Interrupted (Ctrl-C, a scheduler's SIGTERM): leave no partial file behind.
  const onSignal = (signal: NodeJS.Signals) => {
    fs.rmSync(tempPath, { force: true });
    process.exit(signal === 'SIGINT' ? 130 : 143);
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  const forget = () => {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  };
  try {
    await Promise.race([
      once(stream, 'open'),
      once(stream, 'error').then(([error]) => {
        throw error;
      }),
    ]);
  } catch (error) {
    forget();
    // The command's own file: a missing folder, no permission, a full disk.
    throw new CommandFailed(`Cannot write ${finalPath}: ${(error as Error).message}`);
  }
  return {
    stream,
    toStdout: false,
    label: finalPath,
    async finish() {
      stream.end();
      await once(stream, 'close');
      await fs.promises.rename(tempPath, finalPath);
      forget();
    },
    async abort() {
      stream.destroy();
      await fs.promises.rm(tempPath, { force: true });
      forget();
    },
  };
}

export function plural(count: number, singular: string, pluralForm = `${singular}s`): string {
  return `${count.toLocaleString('en-GB')} ${count === 1 ? singular : pluralForm}`;
}

export function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}

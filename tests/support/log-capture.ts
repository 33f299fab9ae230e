import { createLogger, type Logger } from '../../apps/shared/logger.js';
import type { LogLevel } from '../../apps/shared/config.js';

export interface CapturedLog {
  logger: Logger;
  /** Every line written so far, as written (JSON text with its newline). */
  lines: string[];
  /** The whole log as one text. */
  text(): string;
  /** Every line parsed. */
  records(): Record<string, unknown>[];
}

/** The product's logger (apps/shared/logger.ts: its redaction and scrubbing included), writing to memory. */
export function captureLog(level: LogLevel = 'trace'): CapturedLog {
  const lines: string[] = [];
  const logger = createLogger({ level, destination: { write: (line: string) => void lines.push(line) } });
  return {
    logger,
    lines,
    text: () => lines.join(''),
    records: () => lines.map((line) => JSON.parse(line) as Record<string, unknown>),
  };
}

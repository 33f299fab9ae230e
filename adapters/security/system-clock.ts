import type { Clock } from '../../core/ports/clock.js';

/** The machine's clock. */
export class SystemClock implements Clock {
  now(): Date {
    return new Date();
  }
}

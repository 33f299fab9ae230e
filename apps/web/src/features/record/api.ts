import { queryOptions } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api, apiPath, call } from '../../api/client.js';

const onTimeRoute = api.public['on-time'];

/**
 * GET /api/public/on-time (docs/product.md §17.2): the last 12 complete weeks' decisions, on time or
 * not, and the median hours to a decision. The server computes it at most every 10 minutes.
 */
export const onTimeRecordQuery = queryOptions({
  queryKey: [apiPath(onTimeRoute.$path())] as const,
  queryFn: () => call(onTimeRoute.$get()),
  staleTime: 10 * 60_000,
});

export type OnTimeRecordDto = InferResponseType<typeof onTimeRoute.$get, 200>;

/** The 12 weeks together: applications decided, how many on time, and the share (null without any). */
export function recordTotals(record: OnTimeRecordDto): { finished: number; onTime: number; rate: number | null } {
  let finished = 0;
  let onTime = 0;
  for (const week of record.weeks) {
    finished += week.finished;
    onTime += Math.round((week.onTimeRate ?? 0) * week.finished);
  }
  return { finished, onTime, rate: finished === 0 ? null : onTime / finished };
}

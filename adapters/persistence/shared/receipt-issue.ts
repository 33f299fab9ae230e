import { sql } from 'drizzle-orm';
import { receiptNumber, receiptYear, type NewReceipt, type Receipt } from '../../../core/domain/receipt.js';
import { receiptFromRow, receiptToRow } from './mappers.js';
import type { Db, Tables } from './sql-database.js';
import { rows, type Unit } from './unit.js';

/**
 * Issues a receipt as a step of the unit that records what it is for: the year's counter is
 * incremented in the same transaction (an upsert: the first receipt of a year starts it at 1). The
 * counter's row stays locked until the transaction ends (PostgreSQL's row lock; SQLite's one
 * writer), so concurrent payments take consecutive numbers, and a rolled-back one gives its number
 * back: never shared, never skipped. A receipt already issued for the key throws a unique
 * violation and the whole unit rolls back.
 */
export function* issueReceipt(tx: Db, t: Tables, receipt: NewReceipt): Unit<Receipt> {
  const c = t.receiptCounters;
  const year = receiptYear(receipt.issuedAt);
  const [counter] = yield* rows(
    tx
      .insert(c)
      .values({ year, last: 1 })
      .onConflictDoUpdate({ target: c.year, set: { last: sql`${c.last} + 1` } })
      .returning({ last: c.last }),
  );
  const [row] = yield* rows(
    tx
      .insert(t.receipts)
      .values(receiptToRow(receipt, receiptNumber(year, counter!.last)))
      .returning(),
  );
  return receiptFromRow(row!);
}

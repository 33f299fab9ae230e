import sharp from 'sharp';
import type { MrzReading, PassportImageType } from '../../core/domain/passport-scan.js';
import { openImage, UndecodableImage, type DecodeLimits } from './decode.js';
import { MrzOcr } from './ocr.js';
import { heicAsJpeg, toPortalCopy } from './portal-copy.js';
import { readPassportMrz, type MrzEngines } from './scan.js';

/** What the pool asks of a worker thread (the bytes are transferred, not copied). */
export type PassportTask =
  | { kind: 'read-mrz'; bytes: Uint8Array; type: PassportImageType; limits: DecodeLimits }
  | { kind: 'portal-copy'; bytes: Uint8Array; type: PassportImageType; limits: DecodeLimits }
  | { kind: 'heic-to-jpeg'; bytes: Uint8Array; limits: DecodeLimits };

/** A conversion's outcome: the JPEG, or why the file could not be decoded (errors lose their class between threads). */
export type ConversionOutcome = { jpeg: Uint8Array } | { undecodable: string };

// One thread does one task at a time, and the pool already runs one thread per core it may use:
// libvips' own threads and cache would only compete for the same cores and memory.
sharp.concurrency(1);
sharp.cache(false);

/** This thread's OCR engines, started on the first scan and kept until the pool ends the thread. */
const engines: MrzEngines = { lstm: new MrzOcr('lstm'), mrz: new MrzOcr('mrz') };

async function convert(make: () => Promise<Buffer>): Promise<ConversionOutcome> {
  try {
    return { jpeg: await make() };
  } catch (error) {
    if (error instanceof UndecodableImage) return { undecodable: error.reason };
    // sharp decodes lazily: a truncated or corrupt body passes the header check and fails only
    // when its pixels are read. Either way this file cannot be converted.
    return { undecodable: error instanceof Error ? error.message : String(error) };
  }
}

/** Runs one task in a pool thread: everything CPU-heavy (decoding, rendering, OCR) happens here. */
export default async function runPassportTask(task: PassportTask): Promise<MrzReading | null | ConversionOutcome> {
  switch (task.kind) {
    case 'read-mrz':
      return readPassportMrz(task.bytes, task.type, engines, task.limits);
    case 'portal-copy':
      return convert(async () => toPortalCopy(await openImage(task.bytes, task.type, task.limits)));
    case 'heic-to-jpeg':
      return convert(async () => heicAsJpeg(await openImage(task.bytes, 'image/heic', task.limits)));
  }
}

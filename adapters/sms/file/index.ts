import { mkdir, readdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { SmsSender, SmsToSend } from '../../../core/ports/sms-sender.js';
import { guard } from '../../shared/guard.js';
import { smsFolderUnavailable } from '../unavailable.js';

/** 2026-11-22T09:01:02.123Z → 20261122T090102123Z (sorts by time as text). */
function compactTimestamp(date: Date): string {
  return date.toISOString().replace(/[-:.]/g, '');
}

/**
 * The embedded default SMS sender: each text becomes one .txt file in a folder (DATA_DIR/sms),
 * named `<UTC time>-<text id>.txt` so names sort by time, holding the number and the text. Sending
 * the same text again writes no second file. Its provider id is the file's name.
 */
export class FileSmsSender implements SmsSender {
  readonly dir: string;

  constructor(
    dir: string,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.dir = path.resolve(dir);
    return guard(this, smsFolderUnavailable(this.dir));
  }

  async send(text: SmsToSend): Promise<{ providerId: string }> {
    const suffix = `-${String(text.id).padStart(10, '0')}.txt`;
    await mkdir(this.dir, { recursive: true });
    const existing = (await readdir(this.dir)).find((name) => name.endsWith(suffix));
    if (existing) return { providerId: existing }; // already written
    const date = this.now();
    const name = `${compactTimestamp(date)}${suffix}`;
    const file = path.join(this.dir, name);
    const tmp = `${file}.${randomBytes(4).toString('hex')}.tmp`;
    try {
      await writeFile(tmp, `To: ${text.to}\nDate: ${date.toISOString()}\n\n${text.body}\n`, { flag: 'wx' });
      await rename(tmp, file);
    } catch (error) {
      await rm(tmp, { force: true }).catch(() => undefined);
      throw error;
    }
    return { providerId: name };
  }
}

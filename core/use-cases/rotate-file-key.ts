import type { Ports } from '../ports/index.js';
import { everyStoredFile, type RotateFileKeyRun } from './file-encryption.js';

/**
 * Operator task (docs/decisions/0028): after a new key was put first in the keyring, wraps every
 * stored file's data key under it — the encrypted bodies are not rewritten — so the older keys can
 * be retired. Safe to repeat and to stop at any point: a file under the current key is skipped.
 * A file whose key the keyring does not hold is a failure naming that key id.
 */
export function makeRotateFileKey(ports: Pick<Ports, 'files' | 'fileEncryption'>) {
  return async function rotateFileKey(): Promise<RotateFileKeyRun> {
    const walk = await everyStoredFile(ports, (key) => ports.fileEncryption.rewrap(key));
    const count = (outcome: Awaited<ReturnType<Ports['fileEncryption']['rewrap']>>) => walk.outcomes.get(outcome) ?? 0;
    return {
      checked: walk.checked,
      rewrapped: count('rewrapped'),
      current: count('current'),
      plain: count('plain'),
      gone: count('missing'),
      failed: walk.failed,
      failures: walk.failures,
      keyId: ports.fileEncryption.currentKeyId,
    };
  };
}

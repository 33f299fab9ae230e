import type { Ports } from '../ports/index.js';
import { everyStoredFile, type EncryptFilesRun } from './file-encryption.js';

/**
 * Operator task (docs/decisions/0028): encrypts, in place, every file stored before documents were
 * encrypted at rest. Safe to run again and again, and to stop at any point: a file encrypted
 * already is recognised by its header and left alone, so a run picks up where an interrupted one
 * stopped.
 */
export function makeEncryptStoredFiles(ports: Pick<Ports, 'files' | 'fileEncryption'>) {
  return async function encryptStoredFiles(): Promise<EncryptFilesRun> {
    const walk = await everyStoredFile(ports, (key) => ports.fileEncryption.encrypt(key));
    const count = (outcome: Awaited<ReturnType<Ports['fileEncryption']['encrypt']>>) => walk.outcomes.get(outcome) ?? 0;
    return {
      checked: walk.checked,
      encrypted: count('encrypted'),
      encryptedAlready: count('encrypted-already'),
      empty: count('empty'),
      gone: count('missing'),
      failed: walk.failed,
      failures: walk.failures,
      keyId: ports.fileEncryption.currentKeyId,
    };
  };
}

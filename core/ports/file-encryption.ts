/**
 * Documents are stored encrypted at rest (docs/decisions/0028-documents-encrypted-at-rest.md): the
 * FileStorage port writes every file under a data key of its own, wrapped by the keyring's current
 * master key, and reads files stored before encryption as they are. These are the operator's two
 * migrations, one stored file at a time, each safe to repeat.
 */
export interface FileEncryption {
  /** The id of the master key new files' data keys are wrapped under (the keyring's first). */
  readonly currentKeyId: string;
  /**
   * Encrypts a file stored before encryption, in place (its key, name and type kept): 'encrypted';
   * 'encrypted-already' for an encrypted one; 'empty' for a file of no bytes (nothing to hide; and
   * an upload under way has none yet); 'missing' when there is no such file.
   */
  encrypt(key: string): Promise<'encrypted' | 'encrypted-already' | 'empty' | 'missing'>;
  /**
   * Wraps an encrypted file's data key under the current master key, its encrypted body unchanged:
   * 'rewrapped'; 'current' when it is wrapped under it already; 'plain' for a file stored before
   * encryption (encrypt it first); 'missing' when there is no such file. Throws Undecryptable when
   * the keyring cannot open its data key.
   */
  rewrap(key: string): Promise<'rewrapped' | 'current' | 'plain' | 'missing'>;
}

import { describe, expect, it } from 'vitest';
import { errors } from '../../core/domain/errors.js';
import { ConfigError } from '../../apps/shared/config.js';
import { CommandFailed, describeFailure, UsageError } from '../../apps/cli/errors.js';

// The CLI's one table from domain errors to exit codes and lines (the processes' side is in errors.test.ts).

describe('describeFailure', () => {
  it('answers bad usage 2 and everything a command could not do 1', () => {
    expect(describeFailure(new UsageError('--since: Please enter a date'))).toEqual({ exitCode: 2, message: '--since: Please enter a date' });
    expect(describeFailure(new ConfigError('PORT', 'must be a number'))).toEqual({ exitCode: 2, message: 'Invalid configuration: PORT must be a number' });
    expect(describeFailure(errors.validation('Please enter a valid email', { email: ['Please enter a valid email'] }))).toEqual({
      exitCode: 2,
      message: 'Please enter a valid email',
    });
    expect(describeFailure(errors.validation('The form has errors.', { email: ['Please enter a valid email'], phoneNumber: ['Please enter a phone number'] }))).toEqual({
      exitCode: 2,
      message: 'The form has errors. (email: Please enter a valid email; phoneNumber: Please enter a phone number)',
    });
    expect(describeFailure(errors.notFound('User'))).toEqual({ exitCode: 1, message: 'User not found.' });
    expect(describeFailure(errors.invalidTransition('online_entry', 'approved')).exitCode).toBe(1);
    expect(describeFailure(new CommandFailed('1 mail could not be delivered.'))).toEqual({ exitCode: 1, message: '1 mail could not be delivered.' });
  });

  it('names the setting to check for an unavailable service: its URL when set, DATA_DIR for the embedded default', () => {
    const storage = errors.unavailable('storage', 'File storage is unavailable. Please try again later.');
    expect(describeFailure(storage, { STORAGE_URL: 's3://k:s@minio:9000/agency' }).message).toBe('File storage is unavailable. Please try again later (check STORAGE_URL).');
    expect(describeFailure(storage, {}).message).toBe('File storage is unavailable. Please try again later (check DATA_DIR).');
    const down = errors.unavailable('database', 'Cannot reach the database at db:5432: connect ECONNREFUSED 10.0.0.5:5432');
    expect(describeFailure(down, { DATABASE_URL: 'postgres://db/evisa' })).toEqual({
      exitCode: 1,
      message: 'Cannot reach the database at db:5432: connect ECONNREFUSED 10.0.0.5:5432 (check DATABASE_URL).',
    });
    // Already named in the message: not twice.
    expect(describeFailure(errors.unavailable('database', 'DATABASE_URL must start with postgres:// or postgresql://.'), { DATABASE_URL: 'mysql://db/evisa' }).message).toBe(
      'DATABASE_URL must start with postgres:// or postgresql://.',
    );
  });

  it('sends nobody to a setting when the service is only busy', () => {
    const busy = errors.unavailable('database', 'The SQLite database at /data/agency.sqlite is busy (another process is writing to it): database is locked', { busy: true });
    expect(describeFailure(busy, {})).toEqual({
      exitCode: 1,
      message: 'The SQLite database at /data/agency.sqlite is busy (another process is writing to it): database is locked.',
    });
  });

  it('says an untranslated failure in its own first line', () => {
    expect(describeFailure(new TypeError('x is not a function\n    at y (z.ts:1:1)'))).toEqual({ exitCode: 1, message: 'Failed: x is not a function' });
    // A wrapper (drizzle's) is not what the operator needs: the error it wraps is.
    const wrapped = new Error('Failed query: select "id" from "users" where "email" = $1\nparams: someone@example.com', {
      cause: new Error('relation "users" does not exist'),
    });
    expect(describeFailure(wrapped).message).toBe('Failed: relation "users" does not exist');
  });
});

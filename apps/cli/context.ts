import type { Agency } from '../shared/agency.js';

/**
 * Opens the agency from the same environment contract as the server (apps/shared/composition-root.ts
 * is the one composition root). Loaded lazily so `--help` and flag errors answer at once.
 *
 * The embedded SQLite default is migrated on open (as `npm start` does), so a fresh DATA_DIR works
 * from the first command; PostgreSQL is migrated only by `evisa migrate`.
 */
export async function openAgency(options: { migrate?: boolean } = {}): Promise<Agency> {
  const [{ createContainer, resolveAgency }, { createLogger }, { loadConfig }, { T }, { pino }] = await Promise.all([
    import('../shared/container.js'),
    import('../shared/logger.js'),
    import('../shared/config.js'),
    import('../shared/tokens.js'),
    import('pino'),
  ]);
  const container = createContainer(process.env);
  // The agency's log lines (the job engine's errors) go to standard error: a command's standard
  // output is its answer (a CSV export, JSON), and stays clean.
  container.rebind(T.logger).toResolvedValue(() => createLogger({ level: loadConfig(process.env).logLevel, destination: pino.destination({ dest: 2, sync: true }) }));
  const agency = await resolveAgency(container);
  try {
    if (options.migrate ?? agency.persistence.dialect === 'sqlite') await agency.persistence.migrate();
  } catch (error) {
    await agency.close().catch(() => {});
    throw error;
  }
  return agency;
}

/** Runs `work` with an open agency and always closes it. */
export async function withAgency<T>(work: (agency: Agency) => Promise<T>, options: { migrate?: boolean } = {}): Promise<T> {
  const agency = await openAgency(options);
  try {
    return await work(agency);
  } finally {
    await agency.close().catch(() => {});
  }
}

/** A short description of where the data lives, for summaries: "sqlite /data/agency.sqlite". */
export function describeDatabase(agency: Agency): string {
  if (agency.persistence.dialect === 'sqlite') return `SQLite database ${agency.config.sqliteFile}`;
  if (agency.persistence.dialect === 'postgres' && agency.config.databaseUrl) {
    try {
      const url = new URL(agency.config.databaseUrl);
      return `PostgreSQL database ${url.pathname.replace(/^\//, '') || '(default)'} at ${url.hostname}:${url.port || 5432}`;
    } catch {
      return 'PostgreSQL database';
    }
  }
  return `${agency.persistence.dialect} database`;
}

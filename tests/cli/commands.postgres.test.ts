import { describeCliCommands } from './cli-suite.js';

// PostgreSQL from tests/support/postgres.ts: TEST_DATABASE_URL, testcontainers, or PGlite over the wire.
describeCliCommands('postgres');

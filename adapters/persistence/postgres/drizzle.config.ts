import { defineConfig } from 'drizzle-kit';

// `npm run db:generate` — writes SQL migrations for PostgreSQL from schema.ts (offline; no database needed).
export default defineConfig({
  dialect: 'postgresql',
  schema: './adapters/persistence/postgres/schema.ts',
  out: './adapters/persistence/postgres/migrations',
});

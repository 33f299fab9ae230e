import { defineConfig } from 'drizzle-kit';

// `npm run db:generate` — writes SQL migrations for SQLite from schema.ts (offline; no database needed).
export default defineConfig({
  dialect: 'sqlite',
  schema: './adapters/persistence/sqlite/schema.ts',
  out: './adapters/persistence/sqlite/migrations',
});

import { defineConfig } from 'drizzle-kit';

// `npm run db:generate -w apps/server` writes the SQL migration for a schema change into
// ./drizzle (committed; applied on start by src/db/client.ts `migrate`).
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema.ts',
  out: './drizzle',
  strict: true,
  verbose: true,
});

import { defineConfig } from 'drizzle-kit';

// Migrations are generated from the schema files and applied at start by the runtime migrator
// (see src/migrate.ts); drizzle-kit never needs a database connection here.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/schema/index.ts',
  out: './migrations',
  casing: 'snake_case',
});

import { defineConfig } from 'drizzle-kit';

// Generates SQL migrations from the schema only; it never connects to a database.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema.ts',
  out: './drizzle',
});

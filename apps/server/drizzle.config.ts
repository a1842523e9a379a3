import { defineConfig } from 'drizzle-kit';

// One PostgreSQL schema and one migrations folder for PGlite and PostgreSQL alike.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema/*.ts',
  out: './drizzle',
});

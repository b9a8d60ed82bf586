import { defineConfig } from "drizzle-kit";

// `npm run db:generate` writes SQL migrations into ./migrations from db/schema.ts.
// Migrations are applied by the app at start-up (db/migrate.ts), on PGlite or PostgreSQL.
export default defineConfig({
  dialect: "postgresql",
  schema: "./db/schema.ts",
  out: "./migrations",
  dbCredentials: { url: process.env.DATABASE_URL ?? "postgres://localhost:5432/postgres" },
  strict: true,
  verbose: true,
});

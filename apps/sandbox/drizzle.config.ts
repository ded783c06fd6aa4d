/**
 * drizzle-kit's configuration: `pnpm --filter @stream/sandbox db:generate` compares `src/db/schema.ts`
 * with the last snapshot in `drizzle/meta/` and writes the next migration into `drizzle/`
 * (docs/sandbox.md "Storage"). The sandbox applies them at start (`src/db/migrate.ts`).
 */
import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema.ts',
  out: './drizzle',
});

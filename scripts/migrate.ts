// npm run db:migrate: apply drizzle-kit's migrations (the Vercel build runs this before building).
import { closeDatabase, openDatabase } from '#api/db/client.ts';
import { migrateDatabase } from '#api/db/migrate.ts';

const database = openDatabase();
await migrateDatabase(database);
await closeDatabase();
console.log(`Migrations applied (${database.kind}).`);

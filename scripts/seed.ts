// npm run db:seed: add the demo content to an empty database (does nothing when it has projects).
import { closeDatabase, openDatabase } from '#api/db/client.ts';
import { migrateDatabase } from '#api/db/migrate.ts';
import { seedDatabase } from '#api/seed/index.ts';

const database = openDatabase();
await migrateDatabase(database);
const { seeded } = await seedDatabase(database.db);
await closeDatabase();
console.log(seeded ? 'Demo content added.' : 'The database already has content; nothing changed.');

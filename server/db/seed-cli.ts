// `npm run db:seed`: loads the farm's demo data into the configured database
// when it has no campsites yet. It never touches a database that has some.
import { openConfiguredDatabase } from "./index";
import { seedIfEmpty } from "./seed";

const handle = await openConfiguredDatabase();
const seeded = await seedIfEmpty(handle.db);
console.log(seeded ? "demo data loaded" : "the database already has campsites: nothing seeded");
await handle.close();

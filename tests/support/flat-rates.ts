// Test-only: the demo data's seasons and weekend price make a stay's price and
// minimum stay depend on the day the suite runs. The suite's servers start
// from the demo data with one nightly price per campsite; the tests of rates
// set their own seasons (tests/rates.e2e.ts) and the seed's are tested apart.
import { closeDatabase, getDatabase } from "#server/db/index.ts";
import { campsiteSeasons, campsites } from "#server/db/schema.ts";

const database = await getDatabase();
await database.db.delete(campsiteSeasons);
await database.db.update(campsites).set({ weekendPriceCents: null });
await closeDatabase();

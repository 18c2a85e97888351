// `npm run db:migrate`: applies the migrations to the configured database
// (they also run at every start; this is for deploy pipelines).
import { closeDatabase, getDatabase } from "./index";

const handle = await getDatabase();
console.log(`migrations applied (${handle.kind})`);
await closeDatabase();

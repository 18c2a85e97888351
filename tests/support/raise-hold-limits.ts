// Test-only: every end-to-end test reaches the shared server from 127.0.0.1,
// so to the hoarding limits (decision 0012) the whole suite is one visitor,
// and its wrong codes, from every test's own addresses, spend one budget.
// The shared server's limits are raised as an operator would for a test
// deployment; the limits themselves are tested on servers of their own.
import { closeDatabase, getDatabase } from "#server/db/index.ts";
import { saveSettings } from "#server/services/settings.ts";

const database = await getDatabase();
await saveSettings(database.db, {
  maxLiveHoldsPerClient: 50,
  holdsPerClientPerHour: 500,
  maxHeldNightsPerClient: 1000,
  wrongCodesPerHour: 100_000,
});
await closeDatabase();

import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { setupTestDatabase, testingPostgres } from "#server/testing/database.ts";
import { rowsOf } from "./rows";

const database = setupTestDatabase();

describe.runIf(testingPostgres())("statements prepared once per connection", () => {
  it("names a parameterised statement, which the connection then keeps", async () => {
    const { db } = database();
    const names = await db.transaction(async (tx) => {
      await tx.execute(sql`select ${41}::int + 1 as answer`);
      const result = await tx.execute(
        sql`select name, statement from pg_prepared_statements where statement like ${"%+ 1 as answer%"}`,
      );
      return rowsOf<{ name: string }>(result).map((row) => row.name);
    });
    expect(names).toEqual([expect.stringMatching(/^s_/)]);
  });
});

// node-postgres sends a statement's text with every query, so PostgreSQL
// parses and plans it every time: about a third of its work on a booking.
// Named, a statement is parsed once per connection and its plan kept (as
// postgres.js does by default). The name is the text's hash, so two texts
// never share one; a connection keeps at most MAX_PREPARED, and the rest
// (rare shapes, such as long id lists) run unnamed as before.
import { createHash } from "node:crypto";
import type pg from "pg";

export const MAX_PREPARED = 200;

type QueryConfig = { text?: unknown; name?: unknown; values?: unknown[] };

const statementName = (text: string) => `s_${createHash("sha1").update(text).digest("base64url")}`;

/** Makes every parameterised query of `client` a named prepared statement. */
export function prepareStatementsOf(client: pg.PoolClient): void {
  const prepared = new Set<string>();
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  const named = (config: unknown, values: unknown) => {
    if (!config || typeof config !== "object") return config;
    const c = config as QueryConfig;
    const params = Array.isArray(values) ? values : c.values;
    if (typeof c.text !== "string" || c.name || !params?.length) return config;
    const name = statementName(c.text);
    if (!prepared.has(name)) {
      if (prepared.size >= MAX_PREPARED) return config;
      prepared.add(name);
    }
    return { ...c, name };
  };
  (client as { query: unknown }).query = (config: unknown, values?: unknown, callback?: unknown) =>
    query(named(config, values), values, callback);
}

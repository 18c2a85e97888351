import type pg from "pg";
import { describe, expect, it } from "vitest";
import { MAX_PREPARED, prepareStatementsOf } from "./prepared-statements";

/** A client that records the configs it is asked to run. */
function recordingClient() {
  const sent: { text?: string; name?: string }[] = [];
  const client = { query: (config: { text?: string; name?: string }) => sent.push(config) };
  prepareStatementsOf(client as unknown as pg.PoolClient);
  const query = (text: string, values?: unknown[]) =>
    (client.query as (c: unknown, v?: unknown) => void)({ text }, values);
  return { sent, query };
}

describe("prepareStatementsOf", () => {
  it("names a statement by its text, the same name each time", () => {
    const { sent, query } = recordingClient();
    query("select $1::int", [1]);
    query("select $1::int", [2]);
    query("select $1::text", ["a"]);
    expect(sent[0]?.name).toMatch(/^s_/);
    expect(sent[1]?.name).toBe(sent[0]?.name);
    expect(sent[2]?.name).not.toBe(sent[0]?.name);
  });

  it("leaves a statement without parameters unnamed (BEGIN, COMMIT, migrations)", () => {
    const { sent, query } = recordingClient();
    query("begin");
    query("select 1", []);
    expect(sent.map((c) => c.name)).toEqual([undefined, undefined]);
  });

  it("keeps at most MAX_PREPARED statements a connection; the rest run unnamed", () => {
    const { sent, query } = recordingClient();
    for (let i = 0; i <= MAX_PREPARED; i++) query(`select $1::int + ${i}`, [i]);
    query("select $1::int + 0", [0]);
    expect(sent[MAX_PREPARED - 1]?.name).toMatch(/^s_/);
    expect(sent[MAX_PREPARED]?.name).toBeUndefined();
    expect(sent[MAX_PREPARED + 1]?.name).toBe(sent[0]?.name);
  });
});

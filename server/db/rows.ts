// The row an INSERT or UPDATE ... RETURNING (or a lookup by a key that must
// exist) gives back. Its absence is a fault of ours, not a refusal to answer.

export function theRow<T>(rows: readonly T[], what: string): T {
  const [row] = rows;
  if (row === undefined) throw new Error(`expected ${what}`);
  return row;
}

/** The rows of `db.execute`: node-postgres answers { rows }, PGlite the same or an array. */
export function rowsOf<T>(result: unknown): T[] {
  if (Array.isArray(result)) return result as T[];
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}

// The row an INSERT or UPDATE ... RETURNING (or a lookup by a key that must
// exist) gives back. Its absence is a fault of ours, not a refusal to answer.

export function theRow<T>(rows: readonly T[], what: string): T {
  const [row] = rows;
  if (row === undefined) throw new Error(`expected ${what}`);
  return row;
}

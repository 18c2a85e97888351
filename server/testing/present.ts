// A value a test (or a test helper) relies on being there: the row a query
// must find, the email a flow must send, the match a link must contain. When
// it is missing the test fails right there, saying what was expected, instead
// of with a TypeError further on (or, worse, by passing on `undefined`).

/** `value`, typed as present; throws naming `what` when it is null or undefined. */
export function present<T>(value: T, what: string): NonNullable<T> {
  assertPresent(value, what);
  return value;
}

/** The same check for a value already in a variable: narrows it in place. */
export function assertPresent<T>(value: T, what: string): asserts value is NonNullable<T> {
  if (value === null || value === undefined) {
    throw new Error(`expected ${what}, got ${value === null ? "null" : "undefined"}`);
  }
}

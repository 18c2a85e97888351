// Structured logs (JSON lines) for the whole server. What a guest typed never
// reaches the log: a failed query's error carries its parameters (names,
// emails, messages), so they are left out of every logged error.
import pino from "pino";

/** A database error as logged: its message up to the parameters, and its cause's code. */
export function withoutQueryParams(err: unknown) {
  const serialized = pino.stdSerializers.err(err as Error) as unknown as Record<string, unknown>;
  if (!serialized || typeof serialized !== "object") return serialized;
  const { params: _params, ...rest } = serialized;
  for (const key of ["message", "stack"] as const) {
    const text = rest[key];
    if (typeof text === "string")
      rest[key] = text.replace(/\nparams: [\s\S]*?(?=\n {4}at |$)/, "\nparams: (withheld)");
  }
  return rest;
}

export const log = pino({
  level: process.env.LOG_LEVEL ?? (process.env.NODE_ENV === "test" ? "silent" : "info"),
  base: { service: "rocky-creek-station" },
  serializers: { err: withoutQueryParams },
});

// Structured logs (JSON lines) for the whole server.
import pino from "pino";

export const log = pino({
  level: process.env.LOG_LEVEL ?? (process.env.NODE_ENV === "test" ? "silent" : "info"),
  base: { service: "rocky-creek-station" },
});

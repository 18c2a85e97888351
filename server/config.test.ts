import { availableParallelism } from "node:os";
import { describe, expect, it } from "vitest";
import { ConfigError, parseEnv, webProcesses } from "./config";

describe("the environment", () => {
  it("has defaults that run the site with nothing set", () => {
    const env = parseEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.DATA_DIR).toBe("./data");
  });

  it("names the bad variable", () => {
    expect(() => parseEnv({ PORT: "eighty" })).toThrow(ConfigError);
    expect(() => parseEnv({ PORT: "eighty" })).toThrow(/PORT/);
    expect(() => parseEnv({ DATABASE_URL: "not a url" })).toThrow(/DATABASE_URL/);
  });

  it("wants both Stripe secrets or neither", () => {
    expect(() => parseEnv({ STRIPE_SECRET_KEY: "sk_test_x" })).toThrow(/STRIPE_WEBHOOK_SECRET/);
    expect(
      parseEnv({ STRIPE_SECRET_KEY: "sk_test_x", STRIPE_WEBHOOK_SECRET: "whsec_x" })
        .STRIPE_SECRET_KEY,
    ).toBe("sk_test_x");
  });

  it("refuses an ABN that fails the ATO's check, and a GST flag that is not true or false", () => {
    expect(() => parseEnv({ SITE_ABN: "12 345 678 901" })).toThrow(/SITE_ABN/);
    expect(parseEnv({ SITE_ABN: "51 824 753 556" }).SITE_ABN).toBe("51 824 753 556");
    expect(() => parseEnv({ SITE_GST_REGISTERED: "no" })).toThrow(/SITE_GST_REGISTERED/);
  });

  it("runs one web process per core (at most 4) in production on PostgreSQL, and one otherwise", () => {
    const postgres = { NODE_ENV: "production", DATABASE_URL: "postgres://farm@db.example/farm" };
    const perCore = Math.min(availableParallelism(), 4);
    expect(webProcesses(parseEnv(postgres))).toBe(perCore);
    expect(webProcesses(parseEnv({ ...postgres, WEB_PROCESSES: "3" }))).toBe(3);
    expect(webProcesses(parseEnv({ ...postgres, WEB_PROCESSES: "" }))).toBe(perCore);
    expect(webProcesses(parseEnv({ NODE_ENV: "production" }))).toBe(1);
    expect(webProcesses(parseEnv({ DATABASE_URL: postgres.DATABASE_URL }))).toBe(1);
  });

  it("refuses several web processes on the embedded database, and a count that is not one", () => {
    expect(() => parseEnv({ WEB_PROCESSES: "2" })).toThrow(/WEB_PROCESSES: .*DATABASE_URL/);
    expect(parseEnv({ WEB_PROCESSES: "1" }).WEB_PROCESSES).toBe(1);
    const postgres = { DATABASE_URL: "postgres://farm@db.example/farm" };
    for (const count of ["0", "two", "1.5", "65"])
      expect(() => parseEnv({ ...postgres, WEB_PROCESSES: count })).toThrow(/WEB_PROCESSES/);
  });

  it("gives a web process 30 seconds to answer unless told, and refuses a time out of bounds", () => {
    expect(parseEnv({}).WEB_PROCESS_STUCK_SECONDS).toBe(30);
    expect(parseEnv({ WEB_PROCESS_STUCK_SECONDS: "5" }).WEB_PROCESS_STUCK_SECONDS).toBe(5);
    for (const seconds of ["1", "601", "soon", "2.5"])
      expect(() => parseEnv({ WEB_PROCESS_STUCK_SECONDS: seconds })).toThrow(
        /WEB_PROCESS_STUCK_SECONDS/,
      );
  });
});

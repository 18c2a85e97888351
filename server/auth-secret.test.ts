import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { authSecret } from "./auth";
import { parseEnv } from "./config";

const dirs: string[] = [];
const dataDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), "rcs-auth-secret-"));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe("the auth secret without AUTH_SECRET", () => {
  it("is generated once into the data folder, readable by its owner only, and kept", () => {
    const env = parseEnv({ DATA_DIR: dataDir() });
    const first = authSecret(env);
    expect(first).toMatch(/^[0-9a-f]{64}$/);
    expect(authSecret(env)).toBe(first);
    expect(readdirSync(env.DATA_DIR)).toEqual(["auth-secret"]);
    expect(statSync(path.join(env.DATA_DIR, "auth-secret")).mode & 0o777).toBe(0o600);
  });

  it("is the one already there when another process wrote it first", () => {
    const env = parseEnv({ DATA_DIR: dataDir() });
    writeFileSync(path.join(env.DATA_DIR, "auth-secret"), "a".repeat(64));
    expect(authSecret(env)).toBe("a".repeat(64));
  });

  it("is AUTH_SECRET when set, and nothing is written", () => {
    const env = parseEnv({ DATA_DIR: dataDir(), AUTH_SECRET: "s".repeat(40) });
    expect(authSecret(env)).toBe("s".repeat(40));
    expect(readdirSync(env.DATA_DIR)).toEqual([]);
  });
});

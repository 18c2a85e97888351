import { describe, expect, it } from "vitest";
import { withoutQueryParams } from "./log";

describe("logged errors", () => {
  it("never carry what a guest typed into a failed query's parameters", () => {
    const error = Object.assign(
      new Error(
        "Failed query: insert into contact_messages values ($1, $2)\nparams: Zoë,line one\nline two",
      ),
      {
        query: "insert into contact_messages values ($1, $2)",
        params: ["Zoë", "line one\nline two"],
      },
    );
    const logged = JSON.stringify(withoutQueryParams(error));
    expect(logged).not.toContain("Zoë");
    expect(logged).not.toContain("line two");
    expect(logged).toContain("insert into contact_messages");
    expect(logged).toContain("params: (withheld)");
  });
});

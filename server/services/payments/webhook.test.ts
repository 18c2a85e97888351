// The webhook endpoint in Stripe subscribes to what the app handles, no more:
// the README's deploy step names exactly the events handleStripeEvent applies.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { HANDLED_STRIPE_EVENTS } from "./webhook";

describe("the Stripe events to subscribe to", () => {
  it("are listed in the README exactly as handled", () => {
    const readme = readFileSync("README.md", "utf8");
    const step = readme.slice(
      readme.indexOf("## Deploying on PostgreSQL"),
      readme.indexOf("### Behind a proxy"),
    );
    const listed = [...step.matchAll(/`((?:checkout\.session|charge)\.[a-z_.]+)`/g)].map(
      (m) => m[1],
    );
    expect([...new Set(listed)].sort()).toEqual([...HANDLED_STRIPE_EVENTS].sort());
  });
});

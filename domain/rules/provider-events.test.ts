import { describe, expect, it } from "vitest";
import {
  disputeOutcome,
  eventMismatch,
  isLiveStripeKey,
  openedDisputeStatus,
} from "./provider-events";

describe("the configured Stripe mode", () => {
  it("is live for live secret and restricted keys only", () => {
    expect(isLiveStripeKey("sk_live_abc")).toBe(true);
    expect(isLiveStripeKey("rk_live_abc")).toBe(true);
    expect(isLiveStripeKey("sk_test_abc")).toBe(false);
    expect(isLiveStripeKey("pk_live_abc")).toBe(false);
    expect(isLiveStripeKey("something_else")).toBe(false);
    expect(isLiveStripeKey(undefined)).toBe(false);
  });
});

describe("an event against the configuration", () => {
  const test = { live: false, currency: "AUD" };
  it("matches the same mode and currency, whatever the currency's case", () => {
    expect(eventMismatch({ livemode: false, currency: "aud" }, test)).toBeNull();
    expect(eventMismatch({ livemode: true, currency: "AUD" }, { ...test, live: true })).toBeNull();
  });
  it("names the mode first, then the currency", () => {
    expect(eventMismatch({ livemode: true, currency: "usd" }, test)).toBe("mode");
    expect(eventMismatch({ livemode: false, currency: "usd" }, test)).toBe("currency");
    expect(eventMismatch({ livemode: false, currency: null }, test)).toBe("currency");
  });
  it("takes an event not marked live for a test event", () => {
    expect(eventMismatch({ currency: "aud" }, test)).toBeNull();
    expect(eventMismatch({ currency: "aud" }, { ...test, live: true })).toBe("mode");
  });
});

describe("a dispute's outcome", () => {
  it("is lost only when the bank took the money back", () => {
    expect(disputeOutcome("lost")).toBe("lost");
    expect(disputeOutcome("won")).toBe("won");
    expect(disputeOutcome("warning_closed")).toBe("won");
    expect(disputeOutcome("prevented")).toBe("won");
    expect(disputeOutcome("under_review")).toBeNull();
  });
  it("is not reopened by the same dispute's late opening", () => {
    expect(openedDisputeStatus({ disputeStatus: "lost", disputeId: "dp_1" }, "dp_1")).toBe("lost");
    expect(openedDisputeStatus({ disputeStatus: "won", disputeId: "dp_1" }, "dp_2")).toBe("open");
    expect(openedDisputeStatus({ disputeStatus: null, disputeId: null }, "dp_1")).toBe("open");
  });
});

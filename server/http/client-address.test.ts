import { describe, expect, it } from "vitest";
import { clientOfAddress } from "./client-address";

describe("the client an address counts as", () => {
  it("is an IPv4 address itself, also when written as IPv6", () => {
    expect(clientOfAddress("203.0.113.7")).toBe("203.0.113.7");
    expect(clientOfAddress("::ffff:203.0.113.7")).toBe("203.0.113.7");
  });

  it("is the /64 of an IPv6 address: every address of one network is one client", () => {
    const one = clientOfAddress("2001:db8:aa:bb:1:2:3:4", 64);
    expect(one).toBe("2001:db8:aa:bb::");
    expect(clientOfAddress("2001:db8:aa:bb:ffff:ffff:ffff:ffff", 64)).toBe(one);
    expect(clientOfAddress("2001:db8:aa:bc::1", 64)).not.toBe(one);
  });

  it("follows the setting: a /56, or each address alone", () => {
    expect(clientOfAddress("2001:db8:aa:bbcc::1", 56)).toBe("2001:db8:aa:bb00::");
    expect(clientOfAddress("2001:db8::1", 128)).toBe("2001:db8::1");
  });

  it("leaves what is not an address as it is", () => {
    expect(clientOfAddress("unknown")).toBe("unknown");
  });
});

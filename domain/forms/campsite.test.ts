import { describe, expect, it } from "vitest";
import { campsiteFormSchema, newCampsiteDefaults } from "./campsite";
import { parseForm } from "./form-fields";

const valid = {
  name: "  Creekside Camp ",
  location: "On the bank of Rocky Creek",
  description: "Sites by the water",
  pricePerNight: "55.50",
  capacity: "8",
  quantity: "3",
  amenities: "wifi, , dog friendly ,firewood,",
  images: " /uploads/campsites/a.jpg, https://example.com/b.jpg ,",
  isActive: "on",
};

describe("the campsite form (spec section 5)", () => {
  it("reads a filled form into a campsite, price in cents and lists trimmed", () => {
    const result = parseForm(campsiteFormSchema, valid);
    expect(result).toEqual({
      ok: true,
      data: {
        name: "Creekside Camp",
        location: "On the bank of Rocky Creek",
        description: "Sites by the water",
        pricePerNightCents: 5550,
        capacity: 8,
        quantity: 3,
        amenities: ["wifi", "dog friendly", "firewood"],
        images: ["/uploads/campsites/a.jpg", "https://example.com/b.jpg"],
        isActive: true,
      },
    });
  });

  it("turns a non-numeric quantity into 1 and refuses a quantity below 1", () => {
    const words = parseForm(campsiteFormSchema, { ...valid, quantity: "lots" });
    expect(words.ok && words.data.quantity).toBe(1);
    const empty = parseForm(campsiteFormSchema, { ...valid, quantity: "" });
    expect(empty.ok && empty.data.quantity).toBe(1);
    expect(parseForm(campsiteFormSchema, { ...valid, quantity: "0" })).toEqual({
      ok: false,
      errors: { quantity: "Quantity must be at least 1" },
    });
    expect(parseForm(campsiteFormSchema, { ...valid, quantity: "101" }).ok).toBe(false);
  });

  it("drops blank images and amenities and keeps a repeated amenity once", () => {
    const result = parseForm(campsiteFormSchema, {
      ...valid,
      amenities: "Power, power ,  ",
      images: " , ",
    });
    expect(result.ok && result.data.amenities).toEqual(["Power"]);
    expect(result.ok && result.data.images).toEqual([]);
  });

  it("refuses an image that is not a web address or a path on the site", () => {
    const result = parseForm(campsiteFormSchema, {
      ...valid,
      images: "javascript:alert(1)",
    });
    expect(result).toEqual({
      ok: false,
      errors: { images: "Each image must be a web address (https://...) or an uploaded photo" },
    });
    expect(parseForm(campsiteFormSchema, { ...valid, images: "//evil.example/x.png" }).ok).toBe(
      false,
    );
  });

  it("names every bad field", () => {
    const result = parseForm(campsiteFormSchema, {
      name: " ",
      pricePerNight: "-5",
      capacity: "0",
    });
    expect(result).toEqual({
      ok: false,
      errors: {
        name: "Name is required",
        pricePerNight:
          "Price per night must be an amount of 0 or more with at most 2 decimals, like 45 or 45.50",
        capacity: "Maximum guests must be a whole number from 1 to 100",
      },
    });
  });

  it("reads FormData the same way, an unticked switch meaning inactive", () => {
    const form = new FormData();
    for (const [k, v] of Object.entries(valid)) if (k !== "isActive") form.set(k, v);
    const result = parseForm(campsiteFormSchema, form);
    expect(result.ok && result.data.isActive).toBe(false);
  });

  it("starts a new campsite with the spec's defaults: $50, 6 guests, 1 spot, active", () => {
    const defaults = newCampsiteDefaults("Rocky Creek");
    expect(defaults).toMatchObject({ name: "New Campsite", pricePerNight: "50", capacity: "6" });
    const result = parseForm(campsiteFormSchema, { ...defaults, isActive: "on" });
    expect(result).toMatchObject({
      ok: true,
      data: { pricePerNightCents: 5000, capacity: 6, quantity: 1, isActive: true, images: [] },
    });
  });
});

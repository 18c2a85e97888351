import { describe, expect, it } from "vitest";
import { parseForm } from "./form-fields";
import {
  pageTextsFormSchema,
  pictureFieldsOf,
  splitList,
  textFieldsOf,
  textsOf,
  withPictures,
  withTexts,
} from "./page-texts";

const page = {
  title: "Camping at {farm} Station",
  hero: { src: "/images/hero", width: 1600, height: 900, alt: "Tents by the creek" },
  intro: [
    "Set up camp on wide grassy flats along the creek, with the paddocks on one side and the bush.",
    "Bring everything you need to be self-sufficient, including drinking water and a toilet.",
  ],
  hours: ["Check-in 12pm to 5pm", "Checkout by 10am"],
  cards: [{ title: "Powered", text: "$65/night", link: "/camping" }],
  search: { labels: { checkIn: "Check-in" }, minimum: "Minimum {minStay} nights" },
  open: true,
};
const fixed = ["search.labels"];
const fields = textFieldsOf(page, fixed);
const form = (values: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(values)) data.set(name, value);
  return parseForm(pageTextsFormSchema(fields), data);
};
const asTyped = {
  title: "Camping at {farm} Station",
  intro: "First paragraph.\n\nSecond paragraph,\nwrapped.",
  hours: "Check-in 12pm to 5pm\nCheckout by 10am\n",
  "cards.0.title": "Powered",
  "cards.0.text": "$70/night",
  "search.minimum": "At least {minStay} nights",
};

describe("a page's editable words", () => {
  it("are its texts in page order: no pictures, links, switches or fixed paths", () => {
    expect(fields.map((f) => [f.path, f.kind])).toEqual([
      ["title", "line"],
      ["intro", "paragraphs"],
      ["hours", "lines"],
      ["cards.0.title", "line"],
      ["cards.0.text", "text"],
      ["search.minimum", "line"],
    ]);
    expect(fields[3]?.label).toBe("Cards · 1 · Title");
    expect(fields[0]?.placeholders).toEqual(["{farm}"]);
  });

  it("read from the form: paragraphs apart by a blank line, lines one a line", () => {
    const read = form(asTyped);
    expect(read).toEqual({
      ok: true,
      data: {
        ...asTyped,
        intro: ["First paragraph.", "Second paragraph, wrapped."],
        hours: ["Check-in 12pm to 5pm", "Checkout by 10am"],
      },
    });
    expect(splitList("lines", "a\r\n\r\nb")).toEqual(["a", "b"]);
  });

  it("are refused by field when empty, too long, or with words in braces the page does not fill", () => {
    const read = form({
      ...asTyped,
      title: " ",
      "cards.0.title": "x".repeat(201),
      "search.minimum": "At least a few nights",
      hours: "Check-in {time}",
    });
    expect(read.ok).toBe(false);
    if (read.ok) return;
    expect(read.errors).toEqual({
      title: "Title is required",
      "cards.0.title": "Cards · 1 · Title must be at most 200 characters",
      "search.minimum": "Search · Minimum needs {minStay}: the page fills it in",
      hours: "Hours can use no words in braces, not {time}",
    });
  });

  it("go into the page where they still fit it, the first-run words elsewhere", () => {
    const published = withTexts(
      page,
      { title: "Creek camping", intro: ["One paragraph."], hours: "not a list", hero: "x" },
      fixed,
    );
    expect(published.title).toBe("Creek camping");
    expect(published.intro).toEqual(["One paragraph."]);
    expect(published.hours).toEqual(page.hours);
    expect(published.hero).toEqual(page.hero);
    expect(page.title).toBe("Camping at {farm} Station");
    expect(textsOf(published, fixed).title).toBe("Creek camping");
    expect(withTexts(page, undefined)).toBe(page);
  });

  it("take a picture of the library in place of a built one, by its id; a missing one leaves the built", () => {
    const pictures = pictureFieldsOf(["hero"]);
    expect(pictures).toEqual([{ path: "hero", label: "Hero picture" }]);
    const id = "0b6a5c1e-8d1f-4c52-9a44-3f1e2d7c9b10";
    const upload = {
      id,
      url: "/uploads/media/a.webp",
      width: 1600,
      height: 1067,
      widths: [1600, 800],
      alt: "Dawn",
    };
    const chosen = withPictures(page, { hero: id }, pictures, [upload]);
    expect(chosen.hero).toEqual(upload);
    expect(page.hero.src).toBe("/images/hero");
    expect(withPictures(page, { hero: id }, pictures, [])).toBe(page);
    // A chosen picture is not a text: the words of the page stay as they were.
    expect(textFieldsOf(chosen, fixed)).toEqual(fields);

    const withPicture = (hero: string) => {
      const data = new FormData();
      for (const [name, value] of Object.entries({ ...asTyped, hero })) data.set(name, value);
      return parseForm(pageTextsFormSchema(fields, pictures), data);
    };
    const read = withPicture(id);
    expect(read.ok && read.data.hero).toBe(id);
    const built = withPicture("");
    expect(built.ok && "hero" in built.data).toBe(false);
    expect(withPicture("../etc/passwd")).toMatchObject({
      ok: false,
      errors: { hero: "Choose a hero picture from the list" },
    });
  });
});

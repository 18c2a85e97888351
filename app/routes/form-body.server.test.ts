import { describe, expect, it } from "vitest";
import { readForm } from "./form-body.server";

const post = (body: BodyInit, type: string) =>
  new Request("http://127.0.0.1/x", { method: "POST", body, headers: { "content-type": type } });

describe("a page's posted form", () => {
  it("reads a form, and anything else as an empty form", async () => {
    const form = await readForm(post("intent=book&note=hi", "application/x-www-form-urlencoded"));
    expect(Object.fromEntries(form)).toEqual({ intent: "book", note: "hi" });
    expect([...(await readForm(post("{}", "application/json")))]).toEqual([]);
  });

  it("is refused with 413 past 256 KB, read no further", async () => {
    const huge = `note=${"x".repeat(300 * 1024)}`;
    const refusal = await readForm(post(huge, "application/x-www-form-urlencoded")).catch((e) => e);
    expect(refusal).toMatchObject({ init: { status: 413 } });
  });
});

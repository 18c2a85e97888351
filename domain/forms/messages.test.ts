import { describe, expect, it } from "vitest";
import { parseForm } from "./form-fields";
import {
  MESSAGE_NOT_FOUND,
  messagesHref,
  readMessagesQuery,
  replyFormSchema,
  replySubject,
  resendSchema,
  setHandledSchema,
} from "./messages";

const id = "6f1c2a34-5b6d-4e7f-8a9b-0c1d2e3f4a5b";

describe("the Messages screen's address", () => {
  it("defaults to the unhandled contact messages, page 1", () => {
    expect(readMessagesQuery(new URLSearchParams())).toEqual({
      view: "messages",
      filter: "unhandled",
      status: "all",
      page: 1,
      email: undefined,
    });
  });

  it("falls back to the default for anything it does not know", () => {
    const query = readMessagesQuery(
      new URLSearchParams("view=drop&filter=x&status=lost&page=-3&email=not-an-id"),
    );
    expect(query).toMatchObject({ view: "messages", filter: "unhandled", status: "all", page: 1 });
    expect(query.email).toBeUndefined();
  });

  it("reads an outbox view and writes it back without the defaults", () => {
    const query = readMessagesQuery(
      new URLSearchParams(`view=outbox&status=failed&page=3&email=${id}`),
    );
    expect(query).toEqual({
      view: "outbox",
      filter: "unhandled",
      status: "failed",
      page: 3,
      email: id,
    });
    expect(messagesHref(query)).toBe(
      `/admin/messages?view=outbox&status=failed&page=3&email=${id}`,
    );
    expect(messagesHref({ view: "messages", filter: "unhandled", page: 1 })).toBe(
      "/admin/messages",
    );
    expect(messagesHref({ filter: "all" })).toBe("/admin/messages?filter=all");
  });
});

describe("the reply form", () => {
  const reply = (values: Record<string, string>) =>
    parseForm(replyFormSchema, { messageId: id, subject: replySubject("Rocky Creek"), ...values });

  it("prefills the subject with the farm's name", () => {
    expect(replySubject("Rocky Creek")).toBe("Re: your message to Rocky Creek Station");
  });

  it("keeps the reply's lines, as LF, trimmed", () => {
    expect(reply({ body: "  Hi Jo,\r\n\r\n\tYes, kayaks are fine.\r\n" })).toEqual({
      ok: true,
      data: {
        messageId: id,
        subject: "Re: your message to Rocky Creek Station",
        body: "Hi Jo,\n\n\tYes, kayaks are fine.",
      },
    });
  });

  it("names the field of each problem", () => {
    expect(reply({ body: "   " })).toEqual({ ok: false, errors: { body: "Please write a reply" } });
    expect(reply({ body: "x".repeat(5001) })).toEqual({
      ok: false,
      errors: { body: "The reply must be at most 5000 characters" },
    });
    expect(reply({ body: "x".repeat(5000) }).ok).toBe(true);
    expect(reply({ body: "bell \u0007" })).toMatchObject({
      ok: false,
      errors: { body: expect.stringMatching(/control character/) },
    });
    expect(reply({ body: "ok", subject: "tab\there" })).toMatchObject({
      ok: false,
      errors: { subject: expect.stringMatching(/control character/) },
    });
    expect(reply({ body: "ok", subject: "" })).toEqual({
      ok: false,
      errors: { subject: "Subject is required" },
    });
    expect(reply({ body: "ok", messageId: "1; drop table" })).toEqual({
      ok: false,
      errors: { messageId: MESSAGE_NOT_FOUND },
    });
  });
});

describe("handled and send again", () => {
  it("takes only true or false", () => {
    expect(parseForm(setHandledSchema, { messageId: id, handled: "true" }).ok).toBe(true);
    expect(parseForm(setHandledSchema, { messageId: id, handled: "yes" })).toMatchObject({
      ok: false,
      errors: { handled: expect.any(String) },
    });
  });

  it("sends again only a failed or sent email", () => {
    expect(parseForm(resendSchema, { emailId: id, status: "failed" }).ok).toBe(true);
    expect(parseForm(resendSchema, { emailId: id, status: "pending" })).toEqual({
      ok: false,
      errors: { status: "Only a failed or sent email can be sent again" },
    });
    expect(parseForm(resendSchema, { status: "sent" })).toMatchObject({
      ok: false,
      errors: { emailId: expect.any(String) },
    });
  });
});

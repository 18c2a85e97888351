import { describe, expect, it } from "vitest";
import { ApiError, requestJson } from "./booking-api";

const answer = (status: number, body: unknown) => async () =>
  new Response(typeof body === "string" ? body : JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json" },
  });

describe("the booking API client", () => {
  it("returns the JSON of a successful answer", async () => {
    const { data } = await requestJson("/api/x", {}, answer(200, { ok: 1 }));
    expect(data).toEqual({ ok: 1 });
  });

  it("carries the server's message and code for a failure", async () => {
    const error = await requestJson(
      "/api/bookings",
      { method: "POST", body: {} },
      answer(409, { code: "unavailable", error: "Sorry, gone." }),
    ).catch((e) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ message: "Sorry, gone.", status: 409, code: "unavailable" });
  });

  it("names the status when a failure has no readable message", async () => {
    const error = await requestJson("/api/x", {}, answer(502, "<html>bad gateway</html>")).catch(
      (e) => e,
    );
    expect(error).toMatchObject({ message: "The server answered 502.", status: 502 });
  });

  it("carries the fields the server refused", async () => {
    const error = await requestJson(
      "/api/bookings",
      { method: "POST", body: {} },
      answer(400, {
        code: "invalid_input",
        error: "The minimum stay is 3 nights.",
        details: { fieldErrors: { checkOut: "The minimum stay is 3 nights." } },
      }),
    ).catch((e) => e);
    expect(error).toMatchObject({
      status: 400,
      fieldErrors: { checkOut: "The minimum stay is 3 nights." },
    });
  });

  it("sends the hold's secret as a header with a request about the held booking", async () => {
    let sent: RequestInit | undefined;
    await requestJson(
      "/api/bookings/b1",
      { method: "PATCH", body: { discountCode: "WELCOME10" }, holdSecret: "s3cret" },
      async (_u, init) => {
        sent = init;
        return new Response('{"booking":{}}', { status: 200 });
      },
    );
    expect(sent?.method).toBe("PATCH");
    expect(sent?.headers).toEqual({
      "content-type": "application/json",
      "x-hold-secret": "s3cret",
    });
  });

  it("sends the body as JSON and nothing else", async () => {
    let sent: RequestInit | undefined;
    await requestJson("/api/quote", { method: "POST", body: { guests: 2 } }, async (_u, init) => {
      sent = init;
      return new Response("{}", { status: 200 });
    });
    expect(sent?.body).toBe('{"guests":2}');
    expect(sent?.headers).toEqual({ "content-type": "application/json" });
  });
});

import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError, bookingApi, requestJson } from "./booking-api";

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

describe("the booking API's calls", () => {
  afterEach(() => vi.unstubAllGlobals());

  /** Records what the client sends; answers `body`. */
  function recordFetch(body: unknown) {
    const sent: { url: string; init: RequestInit }[] = [];
    vi.stubGlobal("fetch", async (url: string, init: RequestInit) => {
      sent.push({ url, init });
      return new Response(JSON.stringify(body), { status: 200 });
    });
    return sent;
  }

  it("asks for a quote of the stay with its dogs, and no price", async () => {
    const sent = recordFetch({ lines: [], finalAmountCents: 9000 });
    const stay = {
      campsiteId: "c1",
      checkIn: "2026-12-01",
      checkOut: "2026-12-03",
      guests: 2,
      dogs: 1,
    };
    await expect(bookingApi.quote(stay)).resolves.toMatchObject({ finalAmountCents: 9000 });
    expect(sent[0]?.url).toBe("/api/quote");
    expect(sent[0]?.init.method).toBe("POST");
    expect(JSON.parse(String(sent[0]?.init.body))).toEqual(stay);
  });

  it("sends the extras with every change of the held booking", async () => {
    const sent = recordFetch({ booking: { id: "b1" } });
    const extras = [{ extraId: "e1", quantity: 2 }];
    await bookingApi.changeHeldBooking("b1", "s3cret", { extras, discountCode: "WELCOME10" });
    expect(sent[0]?.url).toBe("/api/bookings/b1");
    expect(JSON.parse(String(sent[0]?.init.body))).toEqual({ extras, discountCode: "WELCOME10" });
  });
});

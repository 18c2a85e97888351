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

// The browser's side of the public booking API (docs/api.md). The browser
// never sends a price: the server computes every amount it shows and charges.
import type {
  Availability,
  CampsiteSummary,
  DiscountCodeValidation,
  PendingBooking,
  PrepaidCardValidation,
  Quote,
  VerifiedPayment,
} from "#domain/api/booking.ts";
import type { BookingRequest, QuoteRequest } from "#domain/forms/booking-request.ts";

/** An answer other than success, with the server's message a person can read. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code?: string,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

type Fetch = typeof fetch;

/** Sends a request and reads its JSON answer; throws ApiError for any failure answer. */
export async function requestJson<T>(
  path: string,
  init: { method?: "GET" | "POST"; body?: unknown; signal?: AbortSignal } = {},
  fetchImpl: Fetch = fetch,
): Promise<{ data: T; response: Response }> {
  const response = await fetchImpl(path, {
    method: init.method ?? "GET",
    headers: init.body === undefined ? undefined : { "content-type": "application/json" },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
    signal: init.signal,
    credentials: "same-origin",
  });
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    body = undefined;
  }
  if (!response.ok) {
    const { error, code } = (body ?? {}) as { error?: unknown; code?: unknown };
    const message =
      typeof error === "string" && error
        ? error
        : response.status === 429
          ? "Too many attempts. Please wait a minute and try again."
          : `The server answered ${response.status}.`;
    throw new ApiError(message, response.status, typeof code === "string" ? code : undefined);
  }
  if (body === undefined) throw new ApiError("The server's answer could not be read.", 502);
  return { data: body as T, response };
}

export type StayRequest = QuoteRequest;
export type { CampsiteSummary, PendingBooking, Quote, VerifiedPayment };

export const bookingApi = {
  availability: (campsiteId: string, signal?: AbortSignal) =>
    requestJson<Availability>(`/api/campsites/${encodeURIComponent(campsiteId)}/availability`, {
      signal,
    }).then((r) => r.data),

  quote: (stay: StayRequest, signal?: AbortSignal) =>
    requestJson<Quote>("/api/quote", { method: "POST", body: stay, signal }).then((r) => r.data),

  validateDiscountCode: (code: string, bookingAmount: number) =>
    requestJson<DiscountCodeValidation>("/api/discount-codes/validate", {
      method: "POST",
      body: { code, bookingAmount },
    }).then((r) => r.data),

  validatePrepaidCard: (cardNumber: string) =>
    requestJson<PrepaidCardValidation>("/api/prepaid-cards/validate", {
      method: "POST",
      body: { cardNumber },
    }).then((r) => r.data),

  /** Creates the pending booking; the answer's Date header times the hold. */
  createBooking: async (request: BookingRequest) => {
    const { data, response } = await requestJson<{ booking: PendingBooking }>("/api/bookings", {
      method: "POST",
      body: request,
    });
    return { booking: data.booking, serverDate: response.headers.get("date") };
  },

  /** The card payment page to send the camper to. */
  paymentUrl: async (bookingId: string) => {
    const { data } = await requestJson<{ url?: unknown }>(
      `/api/bookings/${encodeURIComponent(bookingId)}/payment`,
      { method: "POST", body: {} },
    );
    if (typeof data.url !== "string" || !data.url) throw new Error("No payment URL was returned.");
    return data.url;
  },

  verifyPayment: (sessionId: string) =>
    requestJson<VerifiedPayment>("/api/payments/verify", {
      method: "POST",
      body: { sessionId },
    }).then((r) => r.data),
};

// The browser's side of the public booking API (docs/api.md). The browser
// never sends a price: the server computes every amount it shows and charges.
// A held booking answers only to the secret it was made with (decision 0012),
// sent back as the X-Hold-Secret header on every later request about it.
import type {
  Availability,
  CampsiteSummary,
  PendingBooking,
  Quote,
  VerifiedPayment,
} from "#domain/api/booking.ts";
import type { BookingRequest, GuestDetails } from "#domain/forms/booking-request.ts";
import type { ExtraChoice } from "#domain/rules/rates.ts";

/** An answer other than success, with the server's message a person can read. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code?: string,
    /** The fields the server refused, each with its reason. */
    readonly fieldErrors: Readonly<Record<string, string>> = {},
  ) {
    super(message);
    this.name = "ApiError";
  }
}

type Fetch = typeof fetch;

export type RequestOptions = {
  method?: "GET" | "POST" | "PATCH" | "DELETE";
  body?: unknown;
  signal?: AbortSignal;
  /** The held booking's secret, for requests about it. */
  holdSecret?: string;
  /** Let the request outlive the page (releasing a hold as the camper leaves). */
  keepalive?: boolean;
};

function headersOf(init: RequestOptions): Record<string, string> | undefined {
  const headers: Record<string, string> = {};
  if (init.body !== undefined) headers["content-type"] = "application/json";
  if (init.holdSecret) headers["x-hold-secret"] = init.holdSecret;
  return Object.keys(headers).length > 0 ? headers : undefined;
}

/** The refusal an answer carries, in the shape of server/http/errors.ts. */
function refusalOf(response: Response, body: unknown): ApiError {
  const { error, code, details } = (body ?? {}) as {
    error?: unknown;
    code?: unknown;
    details?: { fieldErrors?: unknown };
  };
  const message =
    typeof error === "string" && error
      ? error
      : response.status === 429
        ? "Too many attempts. Please wait a minute and try again."
        : `The server answered ${response.status}.`;
  const fields = details?.fieldErrors;
  const fieldErrors =
    fields && typeof fields === "object" ? (fields as Record<string, string>) : undefined;
  return new ApiError(
    message,
    response.status,
    typeof code === "string" ? code : undefined,
    fieldErrors,
  );
}

/** Sends a request and reads its JSON answer; throws ApiError for any failure answer. */
export async function requestJson<T>(
  path: string,
  init: RequestOptions = {},
  fetchImpl: Fetch = fetch,
): Promise<{ data: T; response: Response }> {
  const response = await fetchImpl(path, {
    method: init.method ?? "GET",
    headers: headersOf(init),
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
    signal: init.signal,
    keepalive: init.keepalive,
    credentials: "same-origin",
  });
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    body = undefined;
  }
  if (!response.ok) throw refusalOf(response, body);
  if (body === undefined) throw new ApiError("The server's answer could not be read.", 502);
  return { data: body as T, response };
}

export type { CampsiteSummary, PendingBooking, Quote, VerifiedPayment };

/** What the stay and guest of a new hold are; the extras, code and card come later, by PATCH. */
export type HoldRequest = Omit<BookingRequest, "extras" | "discountCode" | "prepaidCardNumber">;

/** What a stay costs before any hold (steps 1 and 2): POST /api/quote without code or card. */
export type StayQuoteRequest = {
  campsiteId: string;
  checkIn: string;
  checkOut: string;
  guests: number;
  dogs: number;
};

/**
 * What PATCH sets: the extras, code and card the booking carries from now on
 * (absent clears them, so every PATCH sends all three).
 */
export type HoldChange = {
  extras: ExtraChoice[];
  discountCode?: string;
  prepaidCardNumber?: string;
  guest?: GuestDetails;
};

/** The cancellation policy as step 3 stated it, and the Terms' version, accepted before Pay. */
export type PolicyAcceptance = { policy: string; termsVersion: string };

/** A held booking as the server answered it, with that answer's Date header to time the hold. */
export type BookingAnswer = { booking: PendingBooking; serverDate: string | null };

const bookingPath = (id: string) => `/api/bookings/${encodeURIComponent(id)}`;

const withServerDate = ({
  data,
  response,
}: {
  data: { booking: PendingBooking };
  response: Response;
}): BookingAnswer => ({ booking: data.booking, serverDate: response.headers.get("date") });

export const bookingApi = {
  availability: (campsiteId: string, signal?: AbortSignal) =>
    requestJson<Availability>(`/api/campsites/${encodeURIComponent(campsiteId)}/availability`, {
      signal,
    }).then((r) => r.data),

  /** The stay's price lines, as the server prices it now. */
  quote: (request: StayQuoteRequest, signal?: AbortSignal) =>
    requestJson<Quote>("/api/quote", { method: "POST", body: request, signal }).then((r) => r.data),

  /** Makes the pending booking that holds a unit; the secret alone may change it later. */
  createBooking: async (request: HoldRequest): Promise<BookingAnswer & { holdSecret: string }> => {
    const answer = await requestJson<{ booking: PendingBooking; holdSecret: string }>(
      "/api/bookings",
      { method: "POST", body: request },
    );
    return { ...withServerDate(answer), holdSecret: answer.data.holdSecret };
  },

  /** The held booking as it is now (`status` "expired" once its hold ran out). */
  heldBooking: (id: string, holdSecret: string) =>
    requestJson<{ booking: PendingBooking }>(bookingPath(id), { holdSecret }).then(withServerDate),

  /** Sets the extras, code, card and guest details of the held booking; the server prices it again. */
  changeHeldBooking: (id: string, holdSecret: string, change: HoldChange) =>
    requestJson<{ booking: PendingBooking }>(bookingPath(id), {
      method: "PATCH",
      body: change,
      holdSecret,
    }).then(withServerDate),

  /** Lets the hold go: the unit and any credit are free at once. */
  releaseBooking: (id: string, holdSecret: string) =>
    requestJson<{ released: boolean }>(bookingPath(id), {
      method: "DELETE",
      holdSecret,
      keepalive: true,
    }).then(() => undefined),

  /** The card payment page to send the camper to (the result page when nothing is left to pay). */
  /** Pay: the payment page, with the policy and Terms the camper accepted on step 3. */
  paymentUrl: async (id: string, holdSecret: string, accepted: PolicyAcceptance) => {
    const { data } = await requestJson<{ url?: unknown }>(`${bookingPath(id)}/payment`, {
      method: "POST",
      body: { acceptPolicy: true, ...accepted },
      holdSecret,
    });
    if (typeof data.url !== "string" || !data.url) throw new Error("No payment URL was returned.");
    return data.url;
  },

  verifyPayment: (sessionId: string) =>
    requestJson<VerifiedPayment>("/api/payments/verify", {
      method: "POST",
      body: { sessionId },
    }).then((r) => r.data),
};

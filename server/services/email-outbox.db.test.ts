import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailOutbox } from "#server/db/schema.ts";
import { createSmtpMailer, type Mailer } from "#server/mail/index.ts";
import { setupTestDatabase } from "#server/testing/database.ts";
import { createCampsite, insertBooking } from "#server/testing/factories.ts";
import { present } from "#server/testing/present.ts";
import { type SmtpSink, startSmtpSink } from "#server/testing/smtp-sink.ts";
import {
  enqueueEmail,
  type Heartbeat,
  MAX_EMAIL_ATTEMPTS,
  retryDelaySeconds,
  sendDueEmails,
} from "./email-outbox";

const database = setupTestDatabase();
const db = () => database().db;
const from = "Rocky Creek Station <bookings@rockycreekstation.example>";

let sink: SmtpSink;
let mailer: Mailer;
beforeAll(async () => {
  sink = await startSmtpSink();
  mailer = createSmtpMailer(sink.url);
});
afterAll(async () => {
  mailer?.close();
  await sink?.close();
});

const row = async (id: string) =>
  present((await db().select().from(emailOutbox).where(eq(emailOutbox.id, id)))[0], `email ${id}`);

describe("an email queued as text", () => {
  it("gets an HTML part in the farm's frame, its addresses as links, its text untouched", async () => {
    const text =
      "Choose a new password here: https://example.com/reset?token=a&b=1\n\nIf it was not you, ignore this <email>.";
    const email = await row(
      await enqueueEmail(db(), {
        kind: "password-reset",
        to: "a@example.com",
        subject: "Reset",
        text,
      }),
    );
    expect(email.textBody).toBe(text);
    const html = present(email.htmlBody, "the HTML part");
    expect(html).toContain('href="https://example.com/reset?token=a&amp;b=1"');
    expect(html).toContain("Station");
    expect(html).toContain("ignore this &lt;email&gt;.");
    expect(html).not.toContain("<email>");
  });
});

describe("the outbox worker", () => {
  it("sends due emails over SMTP with their attachment and marks them sent", async () => {
    const id = await enqueueEmail(db(), {
      kind: "booking-confirmation",
      to: "guest@example.com",
      subject: "Booking confirmed: BK123456",
      text: "See you soon",
      attachments: [
        {
          filename: "BK123456.ics",
          contentType: "text/calendar",
          content: "BEGIN:VCALENDAR\r\nEND:VCALENDAR",
        },
      ],
    });
    const result = await sendDueEmails(db(), mailer, from);
    expect(result.sent).toBeGreaterThanOrEqual(1);
    const mail = await sink.waitFor((m) => m.raw.includes("Booking confirmed: BK123456"));
    expect(mail.to).toEqual(["guest@example.com"]);
    expect(mail.from).toBe("bookings@rockycreekstation.example");
    expect(mail.raw).toContain("filename=BK123456.ics");
    expect(await row(id)).toMatchObject({ status: "sent", attempts: 1 });
    // Sent once: a second run finds nothing due.
    await sendDueEmails(db(), mailer, from);
    expect(sink.messages.filter((m) => m.raw.includes("BK123456"))).toHaveLength(1);
  });

  it("retries a refused email later with backoff, then sends it", async () => {
    const id = await enqueueEmail(db(), {
      kind: "test",
      to: "retry@example.com",
      subject: "Retry me",
      text: "x",
    });
    sink.refuseNext(1);
    const before = Date.now();
    expect((await sendDueEmails(db(), mailer, from)).failed).toBe(1);
    const failed = await row(id);
    expect(failed).toMatchObject({ status: "pending", attempts: 1 });
    expect(failed.lastError).toContain("451");
    expect(failed.nextAttemptAt.getTime()).toBeGreaterThanOrEqual(before + 29_000);
    // Not due yet: nothing is sent.
    expect((await sendDueEmails(db(), mailer, from)).sent).toBe(0);
    await db()
      .update(emailOutbox)
      .set({ nextAttemptAt: new Date(Date.now() - 1000) })
      .where(eq(emailOutbox.id, id));
    expect((await sendDueEmails(db(), mailer, from)).sent).toBe(1);
    expect(await row(id)).toMatchObject({ status: "sent", attempts: 2 });
  });

  it("sends one booking's emails to one address in the order they were queued, a retry first", async () => {
    const site = await createCampsite(db(), {});
    const booking = await insertBooking(db(), site, { status: "paid" });
    const mail = (subject: string) => ({
      kind: "test",
      to: "ordered@example.com",
      subject,
      text: "x",
      bookingId: booking.id,
    });
    // Queued in one transaction, as a change and its calendar update are.
    const [first, second] = await db().transaction(async (tx) => [
      await enqueueEmail(tx, mail("Ordered 1: PUBLISH")),
      await enqueueEmail(tx, mail("Ordered 2: CANCEL")),
    ]);
    sink.refuseNext(1);
    expect(await sendDueEmails(db(), mailer, from)).toEqual({ sent: 0, failed: 1 });
    expect(await row(present(second, "the second"))).toMatchObject({
      status: "pending",
      attempts: 0,
    });
    await db()
      .update(emailOutbox)
      .set({ nextAttemptAt: new Date(Date.now() - 1000) })
      .where(eq(emailOutbox.id, present(first, "the first")));
    await sendDueEmails(db(), mailer, from);
    await sendDueEmails(db(), mailer, from);
    const sent = sink.messages.filter((m) => m.raw.includes("Ordered "));
    expect(sent.map((m) => /Ordered \d/.exec(m.raw)?.[0])).toEqual(["Ordered 1", "Ordered 2"]);
  });

  it("gives an email up as failed after the last attempt", async () => {
    const id = await enqueueEmail(db(), {
      kind: "test",
      to: "never@example.com",
      subject: "Never",
      text: "x",
    });
    await db()
      .update(emailOutbox)
      .set({ attempts: MAX_EMAIL_ATTEMPTS - 1 })
      .where(eq(emailOutbox.id, id));
    sink.refuseNext(1);
    await sendDueEmails(db(), mailer, from);
    expect(await row(id)).toMatchObject({ status: "failed", attempts: MAX_EMAIL_ATTEMPTS });
  });

  it("backs off exponentially up to six hours", () => {
    expect([1, 2, 3, 4].map(retryDelaySeconds)).toEqual([30, 60, 120, 240]);
    expect(retryDelaySeconds(20)).toBe(6 * 3600);
  });
});

/** A promise and the function that settles it, for a step the test lets happen. */
function gate<T = void>() {
  let open!: (value: T) => void;
  let fail!: (error: Error) => void;
  const promise = new Promise<T>((resolve, reject) => {
    open = resolve;
    fail = reject;
  });
  return { promise, open, fail };
}

/**
 * A mail server slower than the claim: each send waits until the test lets it
 * go on (`finish`), then goes to the SMTP sink, or fails with `drop`.
 */
function slowMailer() {
  const started = gate();
  const released = gate();
  const slow: Mailer = {
    send: async (message) => {
      started.open();
      await released.promise;
      return mailer.send(message);
    },
    close: () => {},
  };
  return { slow, started: started.promise, finish: released.open, drop: released.fail };
}

/** The heartbeat as the test drives it: `beat()` renews the claims, as the timer would. */
function testHeartbeat() {
  const state = { every: 0, running: false, renew: async () => {} };
  const heartbeat: Heartbeat = (ms, renew) => {
    Object.assign(state, { every: ms, running: true, renew });
    return () => {
      state.running = false;
    };
  };
  return { heartbeat, state, beat: () => state.renew() };
}

/** No heartbeat at all: a process that stopped renewing (it died, or hung). */
const silent: Heartbeat = () => () => {};

describe("a mail server slower than the claim", () => {
  it("the sending process keeps its claim, so no other process sends the email again", async () => {
    const id = await enqueueEmail(db(), {
      kind: "test",
      to: "slow@example.com",
      subject: "Sent once however slow",
      text: "x",
    });
    // A second on: the database stamps the email in microseconds and this clock counts whole
    // milliseconds, so within the same millisecond the email would not be due yet.
    let now = Date.now() + 1_000;
    const clock = () => new Date(now);
    const { slow, started, finish } = slowMailer();
    const { heartbeat, state, beat } = testHeartbeat();
    const first = sendDueEmails(db(), slow, from, { clock, heartbeat });
    await started;
    expect(state).toMatchObject({ every: 40_000, running: true });

    now += 100_000;
    await beat();
    now += 60_000; // 160 s after the claim: its first 120 s are long over
    expect(await sendDueEmails(db(), mailer, from, { clock, heartbeat: silent })).toEqual({
      sent: 0,
      failed: 0,
    });

    finish();
    expect(await first).toEqual({ sent: 1, failed: 0 });
    expect(state.running).toBe(false);
    expect(sink.messages.filter((m) => m.raw.includes("Sent once however slow"))).toHaveLength(1);
    expect(await row(id)).toMatchObject({ status: "sent", attempts: 1, lastError: null });
  });

  it("a process that stops renewing loses the claim after the claim time; its late answer changes nothing", async () => {
    const id = await enqueueEmail(db(), {
      kind: "test",
      to: "hung@example.com",
      subject: "Taken over from a hung process",
      text: "x",
    });
    // A second on: the database stamps the email in microseconds and this clock counts whole
    // milliseconds, so within the same millisecond the email would not be due yet.
    let now = Date.now() + 1_000;
    const clock = () => new Date(now);
    const { slow, started, drop } = slowMailer();
    const hung = sendDueEmails(db(), slow, from, { clock, heartbeat: silent });
    await started;

    now += 119_000;
    expect((await sendDueEmails(db(), mailer, from, { clock, heartbeat: silent })).sent).toBe(0);
    now += 2_000;
    expect(await sendDueEmails(db(), mailer, from, { clock, heartbeat: silent })).toEqual({
      sent: 1,
      failed: 0,
    });
    expect(await row(id)).toMatchObject({ status: "sent", attempts: 2 });

    // The hung process's connection finally fails: it must not queue the sent email again.
    drop(new Error("connection reset"));
    expect(await hung).toEqual({ sent: 0, failed: 0 });
    expect(await row(id)).toMatchObject({ status: "sent", attempts: 2, lastError: null });
    const received = sink.messages.filter((m) => m.raw.includes("Taken over from a hung process"));
    expect(received).toHaveLength(1);
  });
});

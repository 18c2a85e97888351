// The visitors in the home-page-beside-reports measure (beside-reports.ts): a
// process of its own, so that the home page's latency is not the bench's own
// pauses (its heap holds the history it seeded). On each message, asks for
// `/` at the rate given for the seconds given, and sends back the outcome.
// `tsx bench/home-client.ts <origin>`.
import { openLoop } from "./load";

const [origin = ""] = process.argv.slice(2);

process.on("message", async (message: { rate: number; seconds: number } | "stop") => {
  if (message === "stop") process.exit(0);
  const outcome = await openLoop({
    origin,
    next: () => ({ path: "/" }),
    seconds: message.seconds,
    rate: message.rate,
  });
  process.send?.(outcome);
});
process.send?.("ready");

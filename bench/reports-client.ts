// The owner's browser in the home-page-beside-reports measure (beside-reports.ts):
// a process of its own, as the owner's browser is not the visitors'. Says it
// is ready; on "start" asks for a report one after another; on "stop" says how
// many answered 200 of how many. `tsx bench/reports-client.ts <url> <cookie>`.
import { once } from "node:events";
import { request } from "undici";

const [url = "", cookie = ""] = process.argv.slice(2);
const send = (message: unknown) =>
  new Promise<void>((resolve) => process.send?.(message, () => resolve()));

await send("ready");
await once(process, "message");
let stopping = false;
process.once("message", () => {
  stopping = true;
});
const tally = { ok: 0, all: 0 };
while (!stopping) {
  const res = await request(url, { headers: { cookie } });
  await res.body.dump();
  tally.all++;
  if (res.statusCode === 200) tally.ok++;
}
await send(tally);
process.exit(0);

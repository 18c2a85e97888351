// /my-booking/:token/calendar.ics: the camper's stay as a calendar file, the
// same one the confirmation email attaches. Anything but a standing booking's
// token is a plain 404, as for the invoice PDF.
import { guestCalendarByToken } from "#server/bookings/index.ts";
import type { Route } from "./+types/my-booking-calendar";

const PRIVATE = { "Cache-Control": "no-store", "X-Robots-Tag": "noindex" };

export async function loader({ params, context }: Route.LoaderArgs) {
  const calendar = await guestCalendarByToken(context.db, params.token);
  if (!calendar)
    return new Response("Not Found", {
      status: 404,
      headers: { ...PRIVATE, "Content-Type": "text/plain; charset=utf-8" },
    });
  return new Response(calendar.content, {
    headers: {
      ...PRIVATE,
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": `attachment; filename="${calendar.filename}"`,
    },
  });
}

import { redirect } from "react-router";
import { bookingsSearchUrl } from "#app/components/public/booking-search.ts";
import type { Route } from "./+types/camping-search";

// The camping page's own search bar without JavaScript: a GET form lands here
// and is sent on to /bookings with the guests counted.
export function loader({ request }: Route.LoaderArgs) {
  const query = new URL(request.url).searchParams;
  return redirect(
    bookingsSearchUrl({
      checkIn: query.get("checkIn"),
      checkOut: query.get("checkOut"),
      adults: query.get("adults"),
      children: query.get("children"),
      infants: query.get("infants"),
    }),
  );
}

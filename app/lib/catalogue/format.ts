// How the back office writes dates and long identifiers. Times are shown in
// the farm's timezone, so the server's and the browser's renderings agree.
import { TZDate } from "@date-fns/tz";
import { format, parseISO } from "date-fns";
import { FARM_TIMEZONE } from "../../../server/domain/dates";

/** An instant as the farm's clock shows it: "5 Mar 2032, 2:05 pm". */
export function formatFarmDateTime(instant: Date | string): string {
  return format(new TZDate(new Date(instant), FARM_TIMEZONE), "d MMM yyyy, h:mm aaa");
}

/** A yyyy-MM-dd day: "5 Mar 2032". */
export function formatDay(day: string): string {
  return format(parseISO(day), "d MMM yyyy");
}

/** The first `length` characters, with an ellipsis when something was cut. */
export function truncate(text: string, length: number): string {
  return text.length > length ? `${text.slice(0, length)}…` : text;
}

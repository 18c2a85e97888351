// Long weekends from a list of public holidays: a break of three days or more
// (weekends and holidays in a row) that holds a holiday on a weekday. Its
// nights are those before each day off, so a Monday holiday makes the Friday,
// Saturday and Sunday nights, and Easter the Thursday to the Sunday.
import { addDays } from "./dates";

const weekday = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();
const isWeekendDay = (date: string) => weekday(date) === 0 || weekday(date) === 6;

/** The nights (yyyy-MM-dd) of the long weekends the holidays make. */
export function longWeekendNights(holidays: Iterable<string>): Set<string> {
  const holidaySet = new Set(holidays);
  const dayOff = (date: string) => holidaySet.has(date) || isWeekendDay(date);
  const nights = new Set<string>();
  for (const holiday of holidaySet) {
    if (isWeekendDay(holiday)) continue;
    let first = holiday;
    while (dayOff(addDays(first, -1))) first = addDays(first, -1);
    let last = holiday;
    while (dayOff(addDays(last, 1))) last = addDays(last, 1);
    for (let day = first; day <= last; day = addDays(day, 1)) {
      if (last >= addDays(first, 2)) nights.add(addDays(day, -1));
    }
  }
  return nights;
}

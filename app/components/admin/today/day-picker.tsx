// The Today screen's day: a date input (a GET form, so it works before the
// script loads), the previous and next day, and back to today.
import { ChevronLeft, ChevronRight } from "lucide-react";
import { Form, Link, useNavigate } from "react-router";
import { Button, buttonVariants } from "#app/components/ui/button.tsx";
import { Input, Label } from "#app/components/ui/input.tsx";
import { formatDay } from "#domain/format/dates.ts";
import { addDays, isIsoDay } from "#domain/rules/dates.ts";

export function DayPicker({ day, today }: { day: string; today: string }) {
  const navigate = useNavigate();
  const to = (d: string) => `?day=${d}`;
  const previous = addDays(day, -1);
  const next = addDays(day, 1);
  return (
    <Form method="get" className="flex flex-wrap items-end gap-2">
      <div className="flex flex-col gap-1.5">
        <Label htmlFor="today-day">Day</Label>
        <Input
          id="today-day"
          type="date"
          name="day"
          defaultValue={day}
          key={day}
          className="w-44"
          onChange={(e) => {
            if (isIsoDay(e.target.value))
              navigate(to(e.target.value), { preventScrollReset: true });
          }}
        />
      </div>
      <Button type="submit" variant="outline">
        Show
      </Button>
      <Link
        to={to(previous)}
        preventScrollReset
        className={buttonVariants({ variant: "outline", size: "icon" })}
        aria-label={`Previous day, ${formatDay(previous)}`}
      >
        <ChevronLeft aria-hidden />
      </Link>
      <Link
        to={to(next)}
        preventScrollReset
        className={buttonVariants({ variant: "outline", size: "icon" })}
        aria-label={`Next day, ${formatDay(next)}`}
      >
        <ChevronRight aria-hidden />
      </Link>
      {day === today ? null : (
        <Link to={to(today)} preventScrollReset className={buttonVariants({ variant: "ghost" })}>
          Back to today
        </Link>
      )}
    </Form>
  );
}

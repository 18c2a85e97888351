// A date field that shows a calendar (react-day-picker) right below it, in the
// page's flow rather than floating over it (simple on a phone, and no
// positioning library to download). The calendar is a keyboard-operable grid:
// arrows move by day and week, Page Up/Down by month, Enter picks; Escape
// closes it and returns to the field.
import { format, parseISO } from "date-fns";
import { CalendarDays, ChevronDown } from "lucide-react";
import { useId, useRef } from "react";
import { DayPicker } from "react-day-picker";
import { enAU } from "react-day-picker/locale";
import "react-day-picker/style.css";
import { cn } from "#app/lib/utils.ts";
import { formatDay } from "#domain/format/dates.ts";

/** yyyy-MM-dd <-> the calendar's local dates (the farm's days, no times). */
const toDate = (day: string) => parseISO(day);
const toDay = (date: Date) => format(date, "yyyy-MM-dd");

export function DateField({
  label,
  value,
  onChange,
  isDisabled,
  firstDay,
  lastDay,
  open,
  onOpenChange,
  placeholder = "Choose a date",
  disabled,
  invalid,
  describedBy,
}: {
  label: string;
  value: string | undefined;
  onChange: (day: string) => void;
  /** True for a day that cannot be picked. */
  isDisabled: (day: string) => boolean;
  /** The calendar's first and last months, as days within them. */
  firstDay: string;
  lastDay: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  placeholder?: string;
  disabled?: boolean;
  invalid?: boolean;
  describedBy?: string;
}) {
  const id = useId();
  const labelId = `${id}-label`;
  const valueId = `${id}-value`;
  const calendarId = `${id}-calendar`;
  const trigger = useRef<HTMLButtonElement>(null);
  const selected = value ? toDate(value) : undefined;

  const close = () => {
    onOpenChange(false);
    trigger.current?.focus();
  };

  return (
    <div className="flex flex-col gap-1.5">
      <span id={labelId} className="text-sm font-medium text-stone-900">
        {label}
      </span>
      <button
        ref={trigger}
        type="button"
        disabled={disabled}
        aria-labelledby={`${labelId} ${valueId}`}
        aria-describedby={describedBy}
        aria-invalid={invalid || undefined}
        aria-expanded={open}
        aria-controls={open ? calendarId : undefined}
        onClick={() => onOpenChange(!open)}
        className="flex h-12 w-full items-center gap-2 rounded-md border border-stone-400 bg-white px-3 text-left text-base text-stone-900 hover:bg-stone-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-paddock-700 disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-red-700"
      >
        <CalendarDays aria-hidden="true" className="size-5 shrink-0 text-paddock-700" />
        <span id={valueId} className={cn("flex-1", value ? undefined : "text-stone-600")}>
          {value ? formatDay(value) : placeholder}
        </span>
        <ChevronDown
          aria-hidden="true"
          className={cn("size-4 shrink-0 transition-transform", open && "rotate-180")}
        />
      </button>
      {open ? (
        // Escape from anywhere in the calendar closes it.
        <fieldset
          id={calendarId}
          className="w-fit max-w-full rounded-xl border border-stone-200 bg-white p-2 shadow-md"
          onKeyDown={(event) => {
            if (event.key === "Escape") {
              event.preventDefault();
              close();
            }
          }}
        >
          <legend className="sr-only">Choose the {label.toLowerCase()} date</legend>
          <DayPicker
            mode="single"
            locale={enAU}
            autoFocus
            selected={selected}
            defaultMonth={selected ?? toDate(firstDay)}
            startMonth={toDate(firstDay)}
            endMonth={toDate(lastDay)}
            disabled={(date: Date) => isDisabled(toDay(date))}
            // The day pressed, even the one already chosen: pressing it again confirms it.
            onSelect={(_: Date | undefined, pressed: Date) => {
              close();
              // After closing, so that the change may open another calendar.
              onChange(toDay(pressed));
            }}
            modifiersClassNames={{ disabled: "line-through" }}
            style={
              {
                "--rdp-accent-color": "var(--color-paddock-700)",
                "--rdp-accent-background-color": "var(--color-paddock-100)",
                "--rdp-day-height": "42px",
                "--rdp-day-width": "42px",
                "--rdp-day_button-height": "40px",
                "--rdp-day_button-width": "40px",
              } as React.CSSProperties
            }
          />
        </fieldset>
      ) : null}
    </div>
  );
}

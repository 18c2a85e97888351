// A date field that shows a calendar (react-day-picker) right below it, in the
// page's flow rather than floating over it (simple on a phone, and no
// positioning library to download). The calendar is a keyboard-operable grid:
// arrows move by day and week, Page Up/Down by month, Enter picks; Escape
// closes it and returns to the field. Each night may carry its price and a
// longer-minimum mark (night-marks.ts), read out with the day's name.
import { format, parseISO } from "date-fns";
import { CalendarDays, ChevronDown } from "lucide-react";
import { createContext, type ReactNode, useContext, useId, useRef } from "react";
import { DayButton, type DayButtonProps, DayPicker } from "react-day-picker";
import { enAU } from "react-day-picker/locale";
import "react-day-picker/style.css";
import { cn } from "#app/lib/utils.ts";
import { formatDay } from "#domain/format/dates.ts";
import { type NightMark, nightMarkLabel } from "./night-marks";

/** yyyy-MM-dd <-> the calendar's local dates (the farm's days, no times). */
const toDate = (day: string) => parseISO(day);
const toDay = (date: Date) => format(date, "yyyy-MM-dd");

type Marks = (day: string) => NightMark | undefined;

// A context rather than a new component per render: the calendar keeps its
// day buttons (and the keyboard focus on one) while the marks change.
const MarksContext = createContext<Marks | undefined>(undefined);

/**
 * The day's number, with its night's price below and any longer-minimum mark
 * above. Every day keeps the three rows, so the numbers line up across a week.
 * The price and mark are drawn by CSS from data attributes: the button's name
 * (the day, then the price and minimum in words) is what a screen reader reads
 * and speech input matches, and its only text on the page is the day's number.
 */
function MarkedDayButton({ children, ...props }: DayButtonProps) {
  const marks = useContext(MarksContext);
  if (!marks) return <DayButton {...props}>{children}</DayButton>;
  const mark = props.modifiers.disabled ? undefined : marks(props.day.isoDate);
  const minimum = mark?.longerMinimum ? `${mark.longerMinimum}+` : undefined;
  return (
    <DayButton
      {...props}
      aria-label={mark ? `${props["aria-label"]}, ${nightMarkLabel(mark)}` : props["aria-label"]}
      className={cn(props.className, "flex-col gap-0.5")}
    >
      <span
        aria-hidden="true"
        data-minimum={minimum}
        className={cn(
          "h-2.5 rounded-sm px-0.5 text-[9px] leading-none font-semibold after:content-[attr(data-minimum)]",
          minimum && "bg-amber-100 text-amber-900",
        )}
      />
      <span className="leading-none">{children}</span>
      <span
        aria-hidden="true"
        data-price={mark?.price}
        className="h-2.5 text-[10px] leading-none tabular-nums after:content-[attr(data-price)]"
      />
    </DayButton>
  );
}

const dayComponents = { DayButton: MarkedDayButton };

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
  marks,
  legend,
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
  /** Each night's price and minimum-stay mark, once the rates are known. */
  marks?: Marks;
  /** What the marks mean, below the calendar. */
  legend?: ReactNode;
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
          <MarksContext value={marks}>
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
              components={dayComponents}
              style={
                {
                  "--rdp-accent-color": "var(--color-paddock-700)",
                  "--rdp-accent-background-color": "var(--color-paddock-100)",
                  // Seven 40 px days fit a 375 px phone; the height leaves room for the price.
                  "--rdp-day-height": marks ? "50px" : "42px",
                  "--rdp-day-width": "40px",
                  "--rdp-day_button-height": marks ? "48px" : "40px",
                  "--rdp-day_button-width": "38px",
                  "--rdp-day_button-border-radius": marks ? "10px" : "100%",
                } as React.CSSProperties
              }
            />
          </MarksContext>
          {legend}
        </fieldset>
      ) : null}
    </div>
  );
}

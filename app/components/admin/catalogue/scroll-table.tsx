// A table that scrolls sideways on a narrow screen inside a labelled region
// that keyboard users can focus and scroll (WCAG 2.1.1).
import { cn } from "#app/lib/utils.ts";

export function ScrollTable({
  label,
  className,
  children,
}: {
  /** Names the region and the table's caption, e.g. "Payments, newest first". */
  label: string;
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <section
      aria-label={label}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable to scroll by keyboard.
      tabIndex={0}
      className={cn(
        "w-full overflow-x-auto rounded-xl border border-stone-200 bg-white focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-paddock-700",
        className,
      )}
    >
      <table className="w-full caption-bottom text-sm">
        <caption className="sr-only">{label}</caption>
        {children}
      </table>
    </section>
  );
}

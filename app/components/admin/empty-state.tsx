// What a back-office list shows when it has nothing to list: the screen's own
// icon and words in one dashed box, and what to do next, if anything.
import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";

export function EmptyState({
  icon: Icon,
  text,
  children,
}: {
  icon: LucideIcon;
  text: string;
  children?: ReactNode;
}) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-stone-300 bg-white px-6 py-16 text-center">
      <Icon className="size-10 text-stone-500" aria-hidden />
      <p className="text-lg font-semibold">{text}</p>
      {children}
    </div>
  );
}

import { Tabs as T } from "radix-ui";
import { cn } from "#app/lib/utils.ts";

export const Tabs = T.Root;

export function TabsList({ className, ...props }: React.ComponentProps<typeof T.List>) {
  return (
    <T.List
      className={cn("inline-flex w-full rounded-lg bg-stone-100 p-1", className)}
      {...props}
    />
  );
}

export function TabsTrigger({ className, ...props }: React.ComponentProps<typeof T.Trigger>) {
  return (
    <T.Trigger
      className={cn(
        "flex-1 rounded-md px-3 py-2 text-sm font-semibold text-stone-700 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-paddock-700 data-[state=active]:bg-white data-[state=active]:text-stone-900 data-[state=active]:shadow",
        className,
      )}
      {...props}
    />
  );
}

export const TabsContent = T.Content;

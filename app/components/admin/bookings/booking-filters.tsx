// The Bookings screen's search box (it searches as the admin types) and its
// status filter buttons (spec 2.15). Both keep the other's choice in the URL.
import { Search } from "lucide-react";
import { useEffect, useRef } from "react";
import { Form, Link, useNavigation, useSubmit } from "react-router";
import { Input, Label } from "#app/components/ui/input.tsx";
import { cn } from "#app/lib/utils.ts";
import type { BookingFilter } from "#domain/api/admin-bookings.ts";

/** The filter buttons of spec 2.15, in its order. */
const filterButtons: { value: BookingFilter; label: string }[] = [
  { value: "all", label: "All" },
  { value: "confirmed", label: "Confirmed" },
  { value: "paid", label: "Paid" },
  { value: "pending", label: "Pending" },
  { value: "expired", label: "Expired" },
  { value: "cancelled", label: "Cancelled" },
];

export function BookingSearch({ search, status }: { search: string; status: string }) {
  const submit = useSubmit();
  const navigation = useNavigation();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const searching =
    navigation.state === "loading" && navigation.location.pathname === "/admin/bookings";
  return (
    <Form method="get" role="search" className="flex max-w-xl flex-col gap-1.5">
      <Label htmlFor="booking-search">Search bookings</Label>
      <div className="relative">
        <Search
          className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-stone-600"
          aria-hidden
        />
        <Input
          id="booking-search"
          name="q"
          type="search"
          defaultValue={search}
          placeholder="Guest name, booking reference or campsite"
          className="pl-9"
          aria-describedby="booking-search-status"
          onChange={(e) => {
            const form = e.currentTarget.form;
            clearTimeout(timer.current);
            timer.current = setTimeout(
              () => submit(form, { replace: true, preventScrollReset: true }),
              300,
            );
          }}
        />
      </div>
      {status !== "all" ? <input type="hidden" name="status" value={status} /> : null}
      <span id="booking-search-status" className="sr-only" aria-live="polite">
        {searching ? "Searching…" : ""}
      </span>
    </Form>
  );
}

export function StatusFilters({ search, status }: { search: string; status: string }) {
  const filterHref = (value: string) => {
    const params = new URLSearchParams();
    if (search) params.set("q", search);
    if (value !== "all") params.set("status", value);
    const query = params.toString();
    return query ? `?${query}` : ".";
  };
  return (
    <nav aria-label="Filter by status" className="flex flex-wrap gap-2">
      {filterButtons.map((f) => (
        <Link
          key={f.value}
          to={filterHref(f.value)}
          replace
          preventScrollReset
          aria-current={status === f.value ? "true" : undefined}
          className={cn(
            "rounded-full border px-4 py-1.5 text-sm font-semibold focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-paddock-700",
            status === f.value
              ? "border-paddock-700 bg-paddock-700 text-white"
              : "border-stone-300 bg-white text-stone-900 hover:bg-stone-100",
          )}
        >
          {f.label}
        </Link>
      ))}
    </nav>
  );
}

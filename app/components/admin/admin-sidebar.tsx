// The back office's navigation (spec 2.15): a fixed left sidebar on wide
// screens, a drawer behind a Menu button on phones. Its footer shows the
// signed-in email and the log-out button. Messages shows how many contact
// messages wait for an answer, when the layout passes the count.
import {
  CalendarDays,
  ChartColumn,
  ChartGantt,
  ClipboardList,
  CreditCard,
  Gift,
  Globe,
  History,
  Hourglass,
  LayoutDashboard,
  LogOut,
  Mail,
  Menu,
  Settings,
  Sun,
  Tag,
  Tent,
  UserRound,
  Users,
  X,
} from "lucide-react";
import { Dialog as D } from "radix-ui";
import { useEffect, useState } from "react";
import { Form, NavLink, useLocation } from "react-router";
import { cn } from "#app/lib/utils.ts";
import { type AdminRole, mayOpen } from "#domain/rules/admin-roles.ts";

export const adminNavigation = [
  { name: "Dashboard", to: "/admin", icon: LayoutDashboard, end: true },
  { name: "Today", to: "/admin/today", icon: Sun },
  { name: "Bookings", to: "/admin/bookings", icon: ClipboardList },
  { name: "Calendar", to: "/admin/calendar", icon: CalendarDays },
  { name: "Timeline", to: "/admin/timeline", icon: ChartGantt },
  { name: "Campsites", to: "/admin/campsites", icon: Tent },
  { name: "Payments", to: "/admin/payments", icon: CreditCard },
  { name: "Reports", to: "/admin/reports", icon: ChartColumn },
  { name: "Discount Codes", to: "/admin/discount-codes", icon: Tag },
  { name: "Prepaid Cards", to: "/admin/prepaid-cards", icon: Gift },
  { name: "Waitlist", to: "/admin/waitlist", icon: Hourglass },
  { name: "Messages", to: "/admin/messages", icon: Mail },
  { name: "Website", to: "/admin/website", icon: Globe },
  { name: "Settings", to: "/admin/settings", icon: Settings },
  { name: "Staff", to: "/admin/staff", icon: Users },
  { name: "Audit Log", to: "/admin/audit-log", icon: History },
  { name: "Your Account", to: "/admin/account", icon: UserRound },
] as const;

/**
 * Counts shown beside a page's name, e.g. the contact messages still
 * unhandled; and whose menu it is: staff see only what they may open.
 */
type NavCounts = { unhandledMessages?: number; role?: AdminRole };

function countOf(to: string, counts: NavCounts): number {
  return to === "/admin/messages" ? (counts.unhandledMessages ?? 0) : 0;
}

function NavItems({ onNavigate, counts }: { onNavigate?: () => void; counts: NavCounts }) {
  const items = adminNavigation.filter((item) => mayOpen(counts.role ?? "staff", item.to));
  return (
    <ul className="flex flex-col gap-1">
      {items.map((item) => {
        const n = countOf(item.to, counts);
        return (
          <li key={item.to}>
            <NavLink
              to={item.to}
              end={"end" in item ? item.end : false}
              onClick={onNavigate}
              className={({ isActive }) =>
                cn(
                  "flex items-center gap-3 rounded-md px-3 py-2.5 text-sm font-medium text-paddock-50 hover:bg-paddock-800 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-white",
                  isActive && "bg-paddock-700 text-white",
                )
              }
            >
              <item.icon className="size-5 shrink-0" aria-hidden />
              {item.name}
              {n > 0 ? (
                <span className="ml-auto rounded-full bg-white px-2 py-0.5 text-xs font-bold text-paddock-900">
                  {n}
                  <span className="sr-only"> unhandled</span>
                </span>
              ) : null}
            </NavLink>
          </li>
        );
      })}
    </ul>
  );
}

function SidebarFooter({ email }: { email: string }) {
  return (
    <div className="border-t border-paddock-800 p-4">
      <p className="text-xs text-paddock-100">Signed in as</p>
      <p className="truncate text-sm font-semibold text-white" title={email}>
        {email}
      </p>
      <Form method="post" action="/admin/logout" className="mt-3">
        <input type="hidden" name="intent" value="logout" />
        <button
          type="submit"
          className="flex w-full items-center justify-center gap-2 rounded-md border border-paddock-100/40 px-3 py-2 text-sm font-semibold text-white hover:bg-paddock-800 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-white"
        >
          <LogOut className="size-4" aria-hidden />
          Log Out
        </button>
      </Form>
    </div>
  );
}

function Brand() {
  return (
    <p className="text-lg font-bold text-white">
      Admin<span className="sr-only"> area</span>
    </p>
  );
}

export function AdminSidebar({ email, unhandledMessages, role }: { email: string } & NavCounts) {
  const counts = { unhandledMessages, role };
  const [open, setOpen] = useState(false);
  const location = useLocation();
  // Close the phone drawer whenever the page changes.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on navigation by design.
  useEffect(() => setOpen(false), [location.pathname]);

  return (
    <>
      {/* Wide screens: the fixed sidebar. */}
      <aside
        aria-label="Admin navigation"
        className="fixed inset-y-0 left-0 z-30 hidden w-64 flex-col bg-paddock-900 lg:flex"
      >
        <div className="px-6 py-5">
          <Brand />
        </div>
        <nav aria-label="Admin" className="flex-1 overflow-y-auto px-3">
          <NavItems counts={counts} />
        </nav>
        <SidebarFooter email={email} />
      </aside>

      {/* Phones and tablets: a top bar with a drawer. */}
      <div className="sticky top-0 z-30 flex items-center justify-between bg-paddock-900 px-4 py-3 lg:hidden">
        <Brand />
        <D.Root open={open} onOpenChange={setOpen}>
          <D.Trigger className="inline-flex items-center gap-2 rounded-md px-3 py-2 text-sm font-semibold text-white hover:bg-paddock-800 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-white">
            <Menu className="size-5" aria-hidden />
            Menu
          </D.Trigger>
          <D.Portal>
            <D.Overlay className="fixed inset-0 z-40 bg-black/60" />
            <D.Content className="fixed inset-y-0 left-0 z-50 flex w-72 max-w-[85vw] flex-col bg-paddock-900 focus:outline-none">
              <div className="flex items-center justify-between px-4 py-3">
                <D.Title asChild>
                  <p className="text-lg font-bold text-white">Admin menu</p>
                </D.Title>
                <D.Description className="sr-only">Pages of the admin area</D.Description>
                <D.Close
                  className="rounded-md p-2 text-white hover:bg-paddock-800 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-white"
                  aria-label="Close menu"
                >
                  <X className="size-5" aria-hidden />
                </D.Close>
              </div>
              <nav aria-label="Admin" className="flex-1 overflow-y-auto px-3">
                <NavItems counts={counts} onNavigate={() => setOpen(false)} />
              </nav>
              <SidebarFooter email={email} />
            </D.Content>
          </D.Portal>
        </D.Root>
      </div>
    </>
  );
}

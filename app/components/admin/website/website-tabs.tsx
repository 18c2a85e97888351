// The Website screens' own navigation: the farm's details, the pages, the FAQ, the events, the pictures.
import { NavLink } from "react-router";
import { cn } from "#app/lib/utils.ts";

const tabs = [
  { name: "Farm details", to: "/admin/website", end: true },
  { name: "Pages", to: "/admin/website/pages", end: false },
  { name: "FAQ", to: "/admin/website/faq", end: false },
  { name: "Events", to: "/admin/website/events", end: false },
  { name: "Pictures", to: "/admin/website/pictures", end: false },
] as const;

export function WebsiteTabs() {
  return (
    <nav aria-label="Website">
      <ul className="flex flex-wrap gap-2 border-b border-stone-200 pb-2">
        {tabs.map((tab) => (
          <li key={tab.to}>
            <NavLink
              to={tab.to}
              end={tab.end}
              className={({ isActive }) =>
                cn(
                  "inline-block rounded-md px-3 py-2 text-sm font-medium text-stone-700 hover:bg-stone-100",
                  isActive && "bg-paddock-700 text-white hover:bg-paddock-700",
                )
              }
            >
              {tab.name}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

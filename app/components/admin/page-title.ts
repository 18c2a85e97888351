// Page titles of the sign-in and admin screens, named after the farm of the site configuration.
import { siteConfig } from "#content/site.ts";

type Match = { id: string; data?: unknown } | undefined;

export function adminPageTitle(matches: Match[], page: string): string {
  const root = matches.find((m) => m?.id === "root")?.data as
    | { site?: { farmName?: string } }
    | undefined;
  const farmName = root?.site?.farmName ?? siteConfig({}).farmName;
  return `${page} | ${farmName} Station`;
}

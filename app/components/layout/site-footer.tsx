// The footer of spec 2.2. Plain links: each loads its page as a new document,
// which starts at the top, even when it is the page already shown (and the
// footer needs no script, and React Router no NavLink, to draw them).
import { ExternalLink } from "#app/components/public/external-link.tsx";
import { useSite } from "#app/root.tsx";
import {
  footerBlurb,
  footerMoreLinks,
  footerQuickLinks,
  type NavigationItem,
} from "#content/navigation.ts";
import { formatAddress, mapsSearchUrl } from "#content/site.ts";
import { LogoMark } from "./logo";
import { FacebookIcon, InstagramIcon } from "./social-icons";

const linkClass =
  "rounded-sm text-stone-200 underline-offset-4 hover:text-white hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-white";

function LinkList({ title, items }: { title: string; items: NavigationItem[] }) {
  return (
    <div>
      <h2 className="text-sm font-bold uppercase tracking-wider text-white">{title}</h2>
      {/* Each link a 28 px tall target, spaced as the lines were before. */}
      <ul className="mt-2 space-y-0.5">
        {items.map((item) => (
          <li key={item.name}>
            <a href={item.path} className={`${linkClass} inline-block py-1`}>
              {item.name}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function SiteFooter() {
  const site = useSite();
  const year = new Date().getFullYear();
  const socialClass =
    "inline-flex size-11 items-center justify-center rounded-full bg-white/10 text-white hover:bg-white/20 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-white";
  return (
    <footer className="bg-paddock-900 text-stone-200">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:grid-cols-2 sm:px-6 lg:grid-cols-4">
        <div>
          <a
            href="/"
            className="inline-flex items-center gap-2 rounded-md font-bold text-white focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-white"
          >
            <LogoMark className="size-10" />
            <span className="text-lg">{site.farmName} Station</span>
          </a>
          <p className="mt-4 text-sm leading-relaxed">{footerBlurb}</p>
          <div className="mt-4 flex gap-3">
            {site.facebookUrl ? (
              <ExternalLink href={site.facebookUrl} className={socialClass} aria-label="Facebook">
                <FacebookIcon className="size-5" />
              </ExternalLink>
            ) : null}
            {site.instagramUrl ? (
              <ExternalLink href={site.instagramUrl} className={socialClass} aria-label="Instagram">
                <InstagramIcon className="size-5" />
              </ExternalLink>
            ) : null}
          </div>
        </div>
        <LinkList title="Quick Links" items={footerQuickLinks} />
        <LinkList title="More" items={footerMoreLinks} />
        <div>
          <h2 className="text-sm font-bold uppercase tracking-wider text-white">Find Us</h2>
          <ExternalLink
            href={mapsSearchUrl(site)}
            className={`${linkClass} mt-3 flex gap-2 text-sm leading-relaxed`}
          >
            <svg
              viewBox="0 0 24 24"
              className="mt-0.5 size-4 shrink-0"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              aria-hidden="true"
            >
              <path d="M20 10c0 5-5.5 10.2-7.4 11.8a1 1 0 0 1-1.2 0C9.5 20.2 4 15 4 10a8 8 0 0 1 16 0" />
              <circle cx="12" cy="10" r="3" />
            </svg>
            <span>{formatAddress(site)}</span>
          </ExternalLink>
        </div>
      </div>
      <div className="border-t border-white/15">
        <div className="mx-auto flex max-w-7xl flex-col gap-2 px-4 py-5 text-sm sm:flex-row sm:items-center sm:justify-between sm:px-6">
          <p>
            © {year} {site.farmName} Station. All rights reserved.
          </p>
          <a href="/login" className={linkClass}>
            Admin Login
          </a>
        </div>
      </div>
    </footer>
  );
}

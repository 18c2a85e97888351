import { ConstructionIcon } from "#app/components/public/icons.tsx";
import { ctaClass } from "#app/components/public/links.tsx";
import { islandsPage, metaFromLoader } from "#app/components/public/route-exports.ts";
import { pageMeta } from "#app/components/public/seo.ts";
import { pettingZooPage } from "#content/petting-zoo.ts";
import { pageSeo } from "#content/seo.ts";
import type { Route } from "./+types/petting-zoo";

// A marketing page: no React Router scripts, its interactive parts are islands.
export const handle = islandsPage;

export function loader() {
  return { meta: pageMeta(pageSeo.pettingZoo) };
}

export const meta: Route.MetaFunction = metaFromLoader;

export default function PettingZoo() {
  return (
    <section className="mx-auto flex max-w-2xl flex-col items-center px-4 py-20 text-center sm:px-6">
      <span className="inline-flex size-20 items-center justify-center rounded-full bg-amber-100 text-amber-800">
        <ConstructionIcon className="size-10" />
      </span>
      <h1 className="mt-6 text-4xl font-extrabold tracking-tight text-paddock-900">
        {pettingZooPage.title}
      </h1>
      <p className="mt-3 text-xl font-semibold text-earth-700">{pettingZooPage.status}</p>
      <p className="mt-4 text-lg text-stone-700">{pettingZooPage.text}</p>
      <a href="/" className={`${ctaClass.secondary} mt-8`}>
        {pettingZooPage.backLabel}
      </a>
    </section>
  );
}

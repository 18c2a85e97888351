// The view of the petting zoo (spec 2.10), from its content as the farm published it (issue 30,
// item 2): the route renders it, and the Website screen previews it.

import { ConstructionIcon } from "#app/components/public/icons.tsx";
import { ctaClass } from "#app/components/public/links.tsx";
import type { PageContent } from "#content/page-texts.ts";

export function PettingZooPage({ page }: { page: PageContent<"pettingZoo"> }) {
  return (
    <section className="mx-auto flex max-w-2xl flex-col items-center px-4 py-20 text-center sm:px-6">
      <span className="inline-flex size-20 items-center justify-center rounded-full bg-amber-100 text-amber-800">
        <ConstructionIcon className="size-10" />
      </span>
      <h1 className="mt-6 text-4xl font-extrabold tracking-tight text-paddock-900">{page.title}</h1>
      <p className="mt-3 text-xl font-semibold text-earth-700">{page.status}</p>
      <p className="mt-4 text-lg text-stone-700">{page.text}</p>
      <a href="/" className={`${ctaClass.secondary} mt-8`}>
        {page.backLabel}
      </a>
    </section>
  );
}

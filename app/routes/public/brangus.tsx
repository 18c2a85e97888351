import { useState } from "react";
import {
  AwardIcon,
  CloseIcon,
  HeartHandshakeIcon,
  SproutIcon,
} from "#app/components/public/icons.tsx";
import { Modal } from "#app/components/public/modal.tsx";
import { PageHero } from "#app/components/public/page-hero.tsx";
import { ResponsiveImage } from "#app/components/public/picture.tsx";
import { metaFromLoader, noToasts } from "#app/components/public/route-exports.ts";
import { pageMeta } from "#app/components/public/seo.ts";
import { useSite } from "#app/root.tsx";
import { brangusPage } from "#content/brangus.ts";
import { pageSeo } from "#content/seo.ts";
import { withFarmName } from "#content/site.ts";
import type { Route } from "./+types/brangus";

// No toasts on this page: the toast library is not loaded here.
export const handle = noToasts;

export function loader() {
  return { meta: pageMeta(pageSeo.brangus, { image: brangusPage.hero }) };
}

export const meta: Route.MetaFunction = metaFromLoader;

const valueIcons = [AwardIcon, HeartHandshakeIcon, SproutIcon];

export default function Brangus() {
  const site = useSite();
  const [enlarged, setEnlarged] = useState<number | null>(null);
  const picture = enlarged === null ? undefined : brangusPage.gallery[enlarged];
  return (
    <>
      <PageHero
        picture={brangusPage.hero}
        title={brangusPage.title}
        subtitle={brangusPage.tagline}
      />

      <section className="mx-auto max-w-3xl px-4 py-14 sm:px-6">
        <h2 className="text-3xl font-extrabold tracking-tight text-paddock-900">
          {brangusPage.storyHeading}
        </h2>
        {brangusPage.story.map((text) => (
          <p key={text} className="mt-5 text-lg leading-relaxed text-stone-700">
            {withFarmName(text, site)}
          </p>
        ))}
      </section>

      <section aria-labelledby="values-heading" className="bg-paddock-50 py-14">
        <div className="mx-auto max-w-7xl px-4 sm:px-6">
          <h2
            id="values-heading"
            className="text-center text-3xl font-extrabold tracking-tight text-paddock-900"
          >
            {brangusPage.valuesHeading}
          </h2>
          <div className="mt-10 grid gap-6 md:grid-cols-3">
            {brangusPage.values.map((value, i) => {
              const Icon = valueIcons[i] ?? AwardIcon;
              return (
                <article key={value.title} className="rounded-2xl bg-white p-8 shadow-sm">
                  <span className="inline-flex size-12 items-center justify-center rounded-full bg-paddock-100 text-paddock-700">
                    <Icon className="size-6" />
                  </span>
                  <h3 className="mt-4 text-xl font-bold text-paddock-900">{value.title}</h3>
                  <p className="mt-2 text-stone-700">{value.text}</p>
                </article>
              );
            })}
          </div>
        </div>
      </section>

      <section aria-labelledby="meet-heading" className="mx-auto max-w-7xl px-4 py-14 sm:px-6">
        <h2
          id="meet-heading"
          className="text-center text-3xl font-extrabold tracking-tight text-paddock-900"
        >
          {brangusPage.galleryHeading}
        </h2>
        <p className="mt-3 text-center text-stone-700">{brangusPage.galleryIntro}</p>
        <ul className="mt-10 grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {brangusPage.gallery.map((image, index) => (
            <li key={image.src}>
              <button
                type="button"
                onClick={() => setEnlarged(index)}
                aria-haspopup="dialog"
                className="group block aspect-[4/3] w-full overflow-hidden rounded-xl bg-paddock-100 focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-earth-700 focus-visible:ring-offset-2"
              >
                <ResponsiveImage
                  picture={image}
                  sizes="(min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw"
                  className="size-full object-cover transition-transform duration-300 group-hover:scale-105 motion-reduce:transition-none"
                />
              </button>
            </li>
          ))}
        </ul>
      </section>

      <Modal
        open={picture !== undefined}
        onClose={() => setEnlarged(null)}
        labelledBy="brangus-dialog-title"
        className="m-auto w-[min(64rem,calc(100vw-2rem))] max-w-none rounded-2xl bg-white p-0 shadow-2xl backdrop:bg-black/80"
      >
        {picture ? (
          <figure className="relative">
            <ResponsiveImage
              picture={picture}
              sizes="(min-width: 1024px) 64rem, 100vw"
              priority
              className="aspect-[4/3] max-h-[80dvh] w-full object-cover"
            />
            <figcaption id="brangus-dialog-title" className="p-4 pr-16 text-stone-800">
              {picture.alt}
            </figcaption>
            <button
              type="button"
              onClick={() => setEnlarged(null)}
              aria-label="Close"
              className="absolute bottom-2 right-2 inline-flex size-11 items-center justify-center rounded-full text-stone-800 hover:bg-stone-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-paddock-700"
            >
              <CloseIcon className="size-6" />
            </button>
          </figure>
        ) : null}
      </Modal>
    </>
  );
}

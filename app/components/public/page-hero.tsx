// The picture banner at the top of a content page, with its h1.
import type { AnyPicture } from "#content/images.ts";
import { ResponsiveImage } from "./picture";

export function PageHero({
  picture,
  title,
  subtitle,
}: {
  picture: AnyPicture;
  title: string;
  subtitle?: string;
}) {
  return (
    <section className="relative isolate flex h-72 items-end overflow-hidden bg-paddock-900 sm:h-96">
      <ResponsiveImage
        picture={picture}
        sizes="100vw"
        priority
        className="absolute inset-0 -z-10 size-full object-cover"
      />
      <div className="absolute inset-0 -z-10 bg-gradient-to-t from-black/75 via-black/40 to-black/20" />
      <div className="mx-auto w-full max-w-7xl px-4 pb-10 text-white sm:px-6">
        <h1 className="text-4xl font-extrabold tracking-tight drop-shadow sm:text-5xl">{title}</h1>
        {subtitle ? (
          <p className="mt-3 max-w-2xl text-lg text-white sm:text-xl">{subtitle}</p>
        ) : null}
      </div>
    </section>
  );
}

/** A plain page header for the text pages. */
export function PageHeader({ title, intro }: { title: string; intro?: string }) {
  return (
    <header className="bg-paddock-50">
      <div className="mx-auto max-w-4xl px-4 py-12 text-center sm:px-6 sm:py-16">
        <h1 className="text-3xl font-extrabold tracking-tight text-paddock-900 sm:text-4xl">
          {title}
        </h1>
        {intro ? <p className="mx-auto mt-4 max-w-2xl text-lg text-stone-700">{intro}</p> : null}
      </div>
    </header>
  );
}

import { type ComponentType, useMemo, useState } from "react";
import { NavLink, redirect } from "react-router";
import { SelectField, TextAreaField, TextField } from "#app/components/admin/catalogue/field.tsx";
import { ScreenHeader } from "#app/components/admin/catalogue/screen-error.tsx";
import { useCheckedForm } from "#app/components/admin/catalogue/use-checked-form.ts";
import { adminPageTitle } from "#app/components/admin/page-title.ts";
import { Preview, PublishButton } from "#app/components/admin/website/publish.tsx";
import { VersionHistory } from "#app/components/admin/website/version-history.tsx";
import { WebsiteTabs } from "#app/components/admin/website/website-tabs.tsx";
import { AboutPage } from "#app/components/public/pages/about-page.tsx";
import { BrangusPage } from "#app/components/public/pages/brangus-page.tsx";
import { CampingPage } from "#app/components/public/pages/camping-page.tsx";
import { ContactPage } from "#app/components/public/pages/contact-page.tsx";
import {
  EventsPage,
  type ShownEvent,
  shownEvents,
} from "#app/components/public/pages/events-page.tsx";
import { FaqPage } from "#app/components/public/pages/faq-page.tsx";
import { GalleryPage, galleryUploads } from "#app/components/public/pages/gallery-page.tsx";
import { HomePage } from "#app/components/public/pages/home-page.tsx";
import { PettingZooPage } from "#app/components/public/pages/petting-zoo-page.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import { cn } from "#app/lib/utils.ts";
import { unknownIntent } from "#app/routes/action-answer.server.ts";
import { requireOwnerScreen } from "#app/routes/admin/guards.server.ts";
import { publishFromForm, restoreVersion } from "#app/routes/admin/website-actions.server.ts";
import { readForm } from "#app/routes/form-body.server.ts";
import type { FaqEntry } from "#content/faq.ts";
import type { GalleryImage } from "#content/gallery.ts";
import { type EditablePage, editablePages, isEditablePage } from "#content/page-texts.ts";
import {
  isList,
  listSeparator,
  type PagePictureField,
  type PageTextField,
  type PageTexts,
  pageTextsFormSchema,
  pictureFieldsOf,
  splitList,
  textFieldsOf,
  withPictures,
  withTexts,
} from "#domain/forms/page-texts.ts";
import { farmToday } from "#domain/rules/dates.ts";
import { faqForPage } from "#server/services/faq.ts";
import { mediaLibrary } from "#server/services/media-library.ts";
import {
  livePageWithTexts,
  pageHistory,
  publishPage,
  restorePage,
} from "#server/services/page-texts.ts";
import { upcomingSiteEvents } from "#server/services/site-events.ts";
import type { Route } from "./+types/website.pages";

export function meta({ matches, params }: Route.MetaArgs) {
  const page = params.page && isEditablePage(params.page) ? editablePages[params.page] : undefined;
  return [{ title: adminPageTitle(matches, page ? `Page ${page.name}` : "Pages") }];
}

function pageOf(params: Route.LoaderArgs["params"]): EditablePage {
  if (!params.page) throw redirect("/admin/website/pages/home");
  if (!isEditablePage(params.page)) throw new Response("Not Found", { status: 404 });
  return params.page;
}

const fieldsOf = (page: EditablePage) =>
  textFieldsOf(editablePages[page].defaults, editablePages[page].fixed);
const picturesOf = (page: EditablePage) => pictureFieldsOf(editablePages[page].pictures);
const schemaOf = (page: EditablePage) => pageTextsFormSchema(fieldsOf(page), picturesOf(page));

/** What a page lists besides its words (its questions, events, pictures), for the preview. */
type Listed = { faqEntries: FaqEntry[]; events: ShownEvent[]; uploaded: GalleryImage[] };

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireOwnerScreen(request, context);
  const page = pageOf(params);
  const { db } = context;
  const [live, history, library, faqEntries, events] = await Promise.all([
    livePageWithTexts(db, page),
    pageHistory(db, page),
    picturesOf(page).length || page === "gallery" ? mediaLibrary(db) : [],
    page === "faq" ? faqForPage(db) : [],
    page === "events" ? upcomingSiteEvents(db, farmToday()) : [],
  ]);
  const fields = fieldsOf(page);
  const listed: Listed = {
    faqEntries,
    events: shownEvents(events),
    uploaded: page === "gallery" ? galleryUploads(library) : [],
  };
  return {
    page,
    texts: live.texts,
    library,
    listed,
    history: history.map((v) => ({
      id: v.id,
      authorName: v.authorName,
      createdAt: v.createdAt.toISOString(),
      summary: `${fields.filter((f) => v.body[f.path] !== undefined).length} texts`,
    })),
  };
}

/** The Website actions' view of one page: publish, restore, and what the owner is told. */
function pieceOf(page: EditablePage) {
  const { name, path } = editablePages[page];
  return {
    name: `The ${name} page`,
    schema: schemaOf(page),
    publish: (
      db: Route.ActionArgs["context"]["db"],
      owner: Parameters<typeof publishPage>[1],
      texts: PageTexts,
    ) => publishPage(db, owner, page, texts),
    restore: (
      db: Route.ActionArgs["context"]["db"],
      owner: Parameters<typeof restorePage>[1],
      id: string,
    ) => restorePage(db, owner, page, id),
    shownOn: `The page at ${path} shows it now.`,
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const owner = await requireOwnerScreen(request, context);
  const page = pageOf(params);
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "");
  if (intent === "publish-page")
    return publishFromForm(pieceOf(page), intent, form, context.db, owner);
  if (intent === "restore-page")
    return restoreVersion(pieceOf(page), intent, form, context.db, owner);
  return unknownIntent(intent);
}

/** Each page's view, as the public routes render it. */
const views: { [K in EditablePage]: ComponentType<{ page: never; listed: Listed }> } = {
  home: ({ page }) => <HomePage page={page} nextEvent={null} />,
  about: AboutPage,
  camping: CampingPage,
  brangus: BrangusPage,
  pettingZoo: PettingZooPage,
  gallery: ({ page, listed }) => <GalleryPage page={page} uploaded={listed.uploaded} />,
  faq: ({ page, listed }) => <FaqPage page={page} entries={listed.faqEntries} />,
  events: ({ page, listed }) => <EventsPage page={page} events={listed.events} />,
  contact: ContactPage,
};

export default function AdminPages({ loaderData }: Route.ComponentProps) {
  // The answer is handled here, outside the editor that a new version (or
  // another page) starts anew from what is live.
  const fields = useMemo(() => fieldsOf(loaderData.page), [loaderData.page]);
  const form = useCheckedForm(useMemo(() => schemaOf(loaderData.page), [loaderData.page]));
  return (
    <PageEditor
      key={`${loaderData.page} ${loaderData.history[0]?.id ?? ""}`}
      {...loaderData}
      fields={fields}
      form={form}
    />
  );
}

/** The form's value of a field: a list as the owner types it. */
const asTyped = (field: PageTextField, text: string | string[] | undefined) =>
  Array.isArray(text) ? text.join(listSeparator(field.kind)) : (text ?? "");

function PageEditor({
  page,
  texts,
  library,
  listed,
  history,
  fields,
  form,
}: Route.ComponentProps["loaderData"] & {
  fields: PageTextField[];
  form: ReturnType<typeof useCheckedForm>;
}) {
  const pictures = picturesOf(page);
  const [values, setValues] = useState<Record<string, string>>(() => ({
    ...Object.fromEntries(fields.map((f) => [f.path, asTyped(f, texts[f.path])])),
    ...Object.fromEntries(pictures.map((f) => [f.path, String(texts[f.path] ?? "")])),
  }));
  const draft: PageTexts = Object.fromEntries([
    ...fields.map((f) => {
      const typed = values[f.path] ?? "";
      return [f.path, isList(f.kind) ? splitList(f.kind, typed) : typed];
    }),
    ...pictures.map((f) => [f.path, values[f.path] ?? ""]),
  ]);
  const change = (path: string) => (value: string) =>
    setValues((all) => ({ ...all, [path]: value }));
  const { defaults, fixed, name } = editablePages[page];
  const View = views[page] as ComponentType<{ page: typeof defaults; listed: Listed }>;
  return (
    <div className="flex flex-col gap-6">
      <ScreenHeader title="Website" description="The words of the site's pages." />
      <WebsiteTabs />
      <PagePicker />
      <form.fetcher.Form
        ref={form.formRef}
        method="post"
        noValidate
        onSubmit={form.onSubmit}
        aria-label={`Words of ${name}`}
        className="max-w-3xl"
      >
        <input type="hidden" name="intent" value="publish-page" />
        <Card>
          <CardHeader>
            <CardTitle>{name}</CardTitle>
          </CardHeader>
          <CardContent className="flex flex-col gap-4">
            {fields.map((field) => (
              <TextFieldOf
                key={field.path}
                field={field}
                value={values[field.path] ?? ""}
                onChange={change(field.path)}
                error={form.errors[field.path]}
              />
            ))}
            {pictures.map((field) => (
              <PictureFieldOf
                key={field.path}
                field={field}
                library={library}
                value={values[field.path] ?? ""}
                onChange={change(field.path)}
                error={form.errors[field.path]}
              />
            ))}
            <div>
              <PublishButton busy={form.busy} />
            </div>
          </CardContent>
        </Card>
      </form.fetcher.Form>
      <Preview id="page-preview">
        <div inert className="overflow-hidden rounded-md border border-stone-200 bg-white">
          <View
            page={withPictures(withTexts(defaults, draft, fixed), draft, pictures, library)}
            listed={listed}
          />
        </div>
      </Preview>
      <div className="max-w-3xl">
        <VersionHistory title="Published versions" intent="restore-page" versions={history} />
      </div>
    </div>
  );
}

function TextFieldOf({
  field,
  value,
  onChange,
  error,
}: {
  field: PageTextField;
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
}) {
  const hint = field.placeholders.length
    ? `${field.placeholders.join(", ")} is filled in by the page.`
    : undefined;
  if (field.kind === "line") {
    return (
      <TextField
        label={field.label}
        name={field.path}
        value={value}
        onChange={(e) => onChange(e.currentTarget.value)}
        hint={hint}
        error={error}
      />
    );
  }
  const each =
    field.kind === "paragraphs"
      ? "An empty line starts a new paragraph."
      : field.kind === "lines"
        ? "One item a line."
        : undefined;
  return (
    <TextAreaField
      label={field.label}
      name={field.path}
      rows={field.kind === "text" ? 3 : 5}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      hint={[each, hint].filter(Boolean).join(" ") || undefined}
      error={error}
    />
  );
}

/** A built picture, or one of the media library in its place. */
function PictureFieldOf({
  field,
  library,
  value,
  onChange,
  error,
}: {
  field: PagePictureField;
  library: Route.ComponentProps["loaderData"]["library"];
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
}) {
  return (
    <SelectField
      label={field.label}
      name={field.path}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      hint={
        library.length
          ? "Pictures come from Website › Pictures."
          : "Add pictures in Website › Pictures to choose one here."
      }
      error={error}
      options={[
        { value: "", label: "The site's own picture" },
        ...library.map((picture) => ({ value: picture.id, label: picture.caption || picture.alt })),
      ]}
    />
  );
}

function PagePicker() {
  return (
    <nav aria-label="Pages">
      <ul className="flex flex-wrap gap-2">
        {Object.entries(editablePages).map(([key, page]) => (
          <li key={key}>
            <NavLink
              to={`/admin/website/pages/${key}`}
              className={({ isActive }) =>
                cn(
                  "inline-block rounded-md border border-stone-200 px-3 py-1.5 text-sm text-stone-700 hover:bg-stone-100",
                  isActive && "border-paddock-700 font-semibold text-paddock-800",
                )
              }
            >
              {page.name}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

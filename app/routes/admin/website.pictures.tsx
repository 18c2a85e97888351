// /admin/website/pictures (issue 30, item 5): the farm's media library. A
// photo goes through the photo pipeline (upright, no location data, WebP
// sizes) with its alt text and caption, both required; pictures are ordered
// and removed; the gallery shows them before its own photos.
import { ArrowDown, ArrowUp, ImagePlus, Trash2 } from "lucide-react";
import { useFetcher } from "react-router";
import { TextField } from "#app/components/admin/catalogue/field.tsx";
import { ScreenHeader } from "#app/components/admin/catalogue/screen-error.tsx";
import { useCheckedForm } from "#app/components/admin/catalogue/use-checked-form.ts";
import { adminPageTitle } from "#app/components/admin/page-title.ts";
import { useAnswer } from "#app/components/admin/use-answer.ts";
import { WebsiteTabs } from "#app/components/admin/website/website-tabs.tsx";
import { ResponsiveImage } from "#app/components/public/picture.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import { FieldError } from "#app/components/ui/input.tsx";
import type { ActionAnswer } from "#app/lib/action-answer.ts";
import {
  failed,
  invalidForm,
  ok,
  refused,
  unknownIntent,
} from "#app/routes/action-answer.server.ts";
import { requireOwnerScreen } from "#app/routes/admin/guards.server.ts";
import { readForm } from "#app/routes/form-body.server.ts";
import { parseForm } from "#domain/forms/form-fields.ts";
import { mediaPictureSchema } from "#domain/forms/media-picture.ts";
import {
  addMediaPicture,
  type MediaPicture,
  mediaLibrary,
  moveMediaPicture,
  removeMediaPicture,
} from "#server/services/media-library.ts";
import { photoStorage } from "#server/storage/photo-storage.ts";
import { MAX_PHOTO_BYTES } from "#server/storage/photo-type.ts";
import type { Route } from "./+types/website.pictures";

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: adminPageTitle(matches, "Pictures") }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireOwnerScreen(request, context);
  return { pictures: await mediaLibrary(context.db) };
}

/** The photo and its words; a little room beyond the photo for the words and the form's parts. */
const MAX_UPLOAD_BYTES = MAX_PHOTO_BYTES + 64 * 1024;

const gone = (intent: string) =>
  failed(intent, { kind: "error", title: "That picture is no longer there" }, 404);

export async function action({ request, context }: Route.ActionArgs) {
  const owner = await requireOwnerScreen(request, context);
  const form = await readForm(request, MAX_UPLOAD_BYTES);
  const intent = String(form.get("intent") ?? "");
  const id = String(form.get("id") ?? "");
  if (intent === "move-up" || intent === "move-down") {
    const moved = await moveMediaPicture(context.db, owner, id, intent === "move-up" ? -1 : 1);
    return moved ? ok(intent) : gone(intent);
  }
  if (intent === "remove-picture") {
    if (!(await removeMediaPicture(context.db, owner, id))) return gone(intent);
    return ok(intent, { kind: "success", title: "Picture removed" });
  }
  if (intent !== "add-picture") return unknownIntent(intent);
  const photo = form.get("photo");
  const parsed = parseForm(mediaPictureSchema, form);
  const noPhoto = !(photo instanceof File) || photo.size === 0;
  if (!parsed.ok || noPhoto) {
    const errors = {
      ...(parsed.ok ? {} : parsed.errors),
      ...(noPhoto && { photo: "Choose a photo" }),
    };
    return invalidForm(intent, errors, (description) => ({
      kind: "error",
      title: "The picture was not added",
      description,
    }));
  }
  try {
    const bytes = new Uint8Array(await photo.arrayBuffer());
    await addMediaPicture(context.db, photoStorage(), owner, bytes, parsed.data);
  } catch (error) {
    return refused(intent, error, (message) => ({
      kind: "error",
      title: "The picture was not added",
      description: message,
    }));
  }
  return ok(intent, {
    kind: "success",
    title: "Picture added",
    description: "The gallery shows it now.",
  });
}

export default function AdminPictures({ loaderData }: Route.ComponentProps) {
  const { pictures } = loaderData;
  const form = useCheckedForm(mediaPictureSchema, () => form.formRef.current?.reset());
  return (
    <div className="flex max-w-3xl flex-col gap-6">
      <ScreenHeader title="Website" description="The farm's own pictures, shown in the gallery." />
      <WebsiteTabs />
      <Card>
        <CardHeader>
          <CardTitle>Add a picture</CardTitle>
        </CardHeader>
        <CardContent>
          <form.fetcher.Form
            ref={form.formRef}
            method="post"
            encType="multipart/form-data"
            noValidate
            onSubmit={form.onSubmit}
            aria-label="Add a picture"
            className="grid gap-4 sm:grid-cols-2"
          >
            <input type="hidden" name="intent" value="add-picture" />
            <div className="flex flex-col gap-1.5 sm:col-span-2">
              <label htmlFor="picture-photo" className="text-sm font-medium">
                Photo
              </label>
              <input
                id="picture-photo"
                name="photo"
                type="file"
                accept="image/jpeg,image/png,image/webp,image/avif"
                aria-describedby="picture-photo-hint picture-photo-error"
                aria-invalid={form.errors.photo ? true : undefined}
                className="text-sm"
              />
              <p id="picture-photo-hint" className="text-xs text-stone-700">
                JPEG, PNG, WebP or AVIF, up to 8 MB. Turned upright; its location data is removed.
              </p>
              <FieldError id="picture-photo-error">{form.errors.photo}</FieldError>
            </div>
            <TextField
              label="Alt text"
              required
              name="alt"
              hint="What the picture shows, for people who cannot see it."
              error={form.errors.alt}
            />
            <TextField
              label="Caption"
              required
              name="caption"
              hint="Its title in the gallery."
              error={form.errors.caption}
            />
            <div className="sm:col-span-2">
              <Button type="submit" disabled={form.busy}>
                <ImagePlus className="size-4" aria-hidden />
                {form.busy ? "Adding…" : "Add picture"}
              </Button>
            </div>
          </form.fetcher.Form>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Pictures</CardTitle>
        </CardHeader>
        <CardContent className="flex flex-col gap-3">
          <p className="text-sm text-stone-700">
            Remove takes a picture off the site at once; its file stays at its address, so a page
            someone saved earlier still shows it.
          </p>
          {pictures.length === 0 ? (
            <p className="text-sm text-stone-700">
              No pictures yet: the gallery shows its own photos.
            </p>
          ) : (
            <ol className="flex flex-col divide-y divide-stone-200">
              {pictures.map((picture, i) => (
                <PictureRow
                  key={picture.id}
                  picture={picture}
                  first={i === 0}
                  last={i === pictures.length - 1}
                />
              ))}
            </ol>
          )}
        </CardContent>
      </Card>
    </div>
  );
}

function PictureRow({
  picture,
  first,
  last,
}: {
  picture: MediaPicture;
  first: boolean;
  last: boolean;
}) {
  const fetcher = useFetcher<ActionAnswer>({ key: `picture-${picture.id}` });
  useAnswer(fetcher);
  const action = (intent: string, label: string, icon: React.ReactNode, disabled = false) => (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={picture.id} />
      <Button
        type="submit"
        variant="outline"
        size="sm"
        disabled={disabled || fetcher.state !== "idle"}
      >
        {icon}
        {label}
        <span className="sr-only"> {picture.caption}</span>
      </Button>
    </fetcher.Form>
  );
  return (
    <li className="flex flex-wrap items-center gap-4 py-3">
      <div className="w-28 shrink-0 overflow-hidden rounded-md">
        <ResponsiveImage picture={picture} sizes="112px" className="aspect-[4/3] object-cover" />
      </div>
      <div className="min-w-0 flex-1">
        <p className="font-semibold">{picture.caption}</p>
        <p className="text-sm text-stone-700">{picture.alt}</p>
      </div>
      <div className="flex flex-wrap gap-2">
        {action("move-up", "Move up", <ArrowUp className="size-4" aria-hidden />, first)}
        {action("move-down", "Move down", <ArrowDown className="size-4" aria-hidden />, last)}
        {action("remove-picture", "Remove", <Trash2 className="size-4" aria-hidden />)}
      </div>
    </li>
  );
}

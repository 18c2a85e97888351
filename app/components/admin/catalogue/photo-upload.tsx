// Uploads campsite photos one by one to /admin/campsites/photos and hands back
// each stored photo's URL. The server checks the type from the bytes and the
// size; the browser checks first so a wrong file is refused at once.
import { ImagePlus, Loader2 } from "lucide-react";
import { useId, useState } from "react";

const ACCEPT = "image/jpeg,image/png,image/webp,image/avif";
const MAX_BYTES = 8 * 1024 * 1024;

export function PhotoUpload({ onUploaded }: { onUploaded: (url: string) => void }) {
  const id = useId();
  const [status, setStatus] = useState<{ busy: boolean; message: string; error: boolean }>({
    busy: false,
    message: "",
    error: false,
  });

  async function upload(files: File[]) {
    let done = 0;
    for (const file of files) {
      if (!ACCEPT.split(",").includes(file.type)) {
        setStatus({
          busy: false,
          error: true,
          message: "Please choose a JPEG, PNG, WebP or AVIF photo.",
        });
        return;
      }
      if (file.size > MAX_BYTES) {
        setStatus({
          busy: false,
          error: true,
          message: "The photo is too large. Please choose one under 8 MB.",
        });
        return;
      }
      setStatus({ busy: true, error: false, message: `Uploading ${file.name}…` });
      try {
        const response = await fetch("/admin/campsites/photos", {
          method: "POST",
          headers: { "Content-Type": file.type },
          body: file,
        });
        const body = (await response.json().catch(() => null)) as {
          url?: string;
          error?: string;
        } | null;
        if (!response.ok || !body?.url) {
          const message =
            body?.error ?? "The photo could not be uploaded. Please sign in again and retry.";
          setStatus({ busy: false, error: true, message });
          return;
        }
        onUploaded(body.url);
        done++;
      } catch {
        setStatus({
          busy: false,
          error: true,
          message: "The photo could not be uploaded. Check your connection and try again.",
        });
        return;
      }
    }
    setStatus({
      busy: false,
      error: false,
      message: done === 1 ? "Photo uploaded." : `${done} photos uploaded.`,
    });
  }

  return (
    <div className="flex flex-col gap-1.5">
      <label
        htmlFor={id}
        className="inline-flex w-fit cursor-pointer items-center gap-2 rounded-md border border-stone-300 bg-white px-3 py-2 text-sm font-semibold text-stone-900 hover:bg-stone-100 focus-within:ring-2 focus-within:ring-paddock-700"
      >
        {status.busy ? (
          <Loader2 className="size-4 animate-spin" aria-hidden />
        ) : (
          <ImagePlus className="size-4" aria-hidden />
        )}
        Upload photos
        <input
          id={id}
          type="file"
          accept={ACCEPT}
          multiple
          className="sr-only"
          disabled={status.busy}
          onChange={(event) => {
            const files = Array.from(event.currentTarget.files ?? []);
            event.currentTarget.value = "";
            if (files.length > 0) void upload(files);
          }}
        />
      </label>
      <p
        role={status.error ? "alert" : "status"}
        className={status.error ? "text-sm text-red-700" : "text-sm text-stone-700"}
      >
        {status.message}
      </p>
    </div>
  );
}

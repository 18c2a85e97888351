// The versions of a piece of the site published before, newest first, each
// with who published it and when; Restore publishes one again (issue 30).
import { RotateCcw } from "lucide-react";
import { useFetcher } from "react-router";
import { useAnswer } from "#app/components/admin/use-answer.ts";
import { Button } from "#app/components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import type { ActionAnswer } from "#app/lib/action-answer.ts";
import { formatFarmDateTime } from "#domain/format/dates.ts";

export type VersionRow = {
  id: string;
  authorName: string | null;
  createdAt: string;
  summary: string;
};

export function VersionHistory({
  title,
  intent,
  versions,
}: {
  title: string;
  intent: string;
  versions: VersionRow[];
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
      </CardHeader>
      <CardContent>
        {versions.length === 0 ? (
          <p className="text-sm text-stone-700">
            Nothing published yet: the site shows its first-run words.
          </p>
        ) : (
          <ol className="flex flex-col divide-y divide-stone-200">
            {versions.map((version, i) => (
              <li
                key={version.id}
                className="flex flex-wrap items-center justify-between gap-3 py-3"
              >
                <div className="min-w-0">
                  <p className="font-medium">
                    {formatFarmDateTime(version.createdAt)}
                    {i === 0 ? <span className="ml-2 text-sm text-paddock-700">Live</span> : null}
                  </p>
                  <p className="text-sm text-stone-700">
                    {version.authorName ?? "Someone since removed"} · {version.summary}
                  </p>
                </div>
                {i > 0 ? <RestoreButton intent={intent} version={version} /> : null}
              </li>
            ))}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}

function RestoreButton({ intent, version }: { intent: string; version: VersionRow }) {
  const fetcher = useFetcher<ActionAnswer>();
  useAnswer(fetcher);
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="version" value={version.id} />
      <Button
        type="submit"
        variant="outline"
        size="sm"
        disabled={fetcher.state !== "idle"}
        aria-label={`Restore the version of ${formatFarmDateTime(version.createdAt)}`}
      >
        <RotateCcw className="size-4" aria-hidden />
        Restore
      </Button>
    </fetcher.Form>
  );
}

// /admin/website/faq (issue 30, item 4): the FAQ's questions and answers,
// edited, reordered, added and removed, with the page's accordion as the public
// will see it below; Publish, and the versions before with Restore. The
// cancellation question's answer is written from the policy in Settings.
import { ArrowDown, ArrowUp, Plus, Trash2 } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { TextAreaField, TextField } from "#app/components/admin/catalogue/field.tsx";
import { ScreenHeader } from "#app/components/admin/catalogue/screen-error.tsx";
import { useCheckedForm } from "#app/components/admin/catalogue/use-checked-form.ts";
import { adminPageTitle } from "#app/components/admin/page-title.ts";
import { Preview, PublishButton } from "#app/components/admin/website/publish.tsx";
import { VersionHistory } from "#app/components/admin/website/version-history.tsx";
import { WebsiteTabs } from "#app/components/admin/website/website-tabs.tsx";
import { FaqList } from "#app/components/public/faq-list.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import { unknownIntent } from "#app/routes/action-answer.server.ts";
import { requireOwnerScreen } from "#app/routes/admin/guards.server.ts";
import { publishFromForm, restoreVersion } from "#app/routes/admin/website-actions.server.ts";
import { readForm } from "#app/routes/form-body.server.ts";
import { type FaqItem, faqFormSchema, MAX_FAQ_ITEMS } from "#domain/forms/faq.ts";
import {
  cancellationPolicyWords,
  faqHistory,
  liveFaq,
  publishFaq,
  restoreFaq,
} from "#server/services/faq.ts";
import type { Route } from "./+types/website.faq";

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: adminPageTitle(matches, "FAQ") }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireOwnerScreen(request, context);
  const [items, policy, history] = await Promise.all([
    liveFaq(context.db),
    cancellationPolicyWords(context.db),
    faqHistory(context.db),
  ]);
  return {
    items,
    policy,
    history: history.map((v) => ({
      id: v.id,
      authorName: v.authorName,
      createdAt: v.createdAt.toISOString(),
      summary: `${v.body.length} questions, first “${v.body[0]?.question ?? ""}”`,
    })),
  };
}

const faq = {
  name: "The FAQ",
  schema: faqFormSchema,
  publish: publishFaq,
  restore: restoreFaq,
  shownOn: "The FAQ page shows it now.",
};

export async function action({ request, context }: Route.ActionArgs) {
  const owner = await requireOwnerScreen(request, context);
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "");
  if (intent === "publish-faq") return publishFromForm(faq, intent, form, context.db, owner);
  if (intent === "restore-faq") return restoreVersion(faq, intent, form, context.db, owner);
  return unknownIntent(intent);
}

type Row = FaqItem & { id: number };

export default function AdminFaq({ loaderData }: Route.ComponentProps) {
  // The answer is handled here, outside the editor that a new version starts anew.
  const form = useCheckedForm(faqFormSchema);
  return <FaqEditor key={loaderData.history[0]?.id ?? "defaults"} {...loaderData} form={form} />;
}

function FaqEditor({
  items,
  policy,
  history,
  form,
}: Route.ComponentProps["loaderData"] & { form: ReturnType<typeof useCheckedForm> }) {
  const [rows, setRows] = useState<Row[]>(() => items.map((item, id) => ({ ...item, id })));
  const [nextId, setNextId] = useState(items.length);
  const edit = (id: number, change: Partial<FaqItem>) =>
    setRows((all) => all.map((row) => (row.id === id ? { ...row, ...change } : row)));
  const move = (index: number, by: -1 | 1) =>
    setRows((all) => {
      const next = [...all];
      const [row] = next.splice(index, 1);
      if (row) next.splice(index + by, 0, row);
      return next;
    });
  const add = () => {
    setRows((all) => [...all, { id: nextId, question: "", answer: "" }]);
    setNextId(nextId + 1);
  };
  return (
    <div className="flex max-w-3xl flex-col gap-6">
      <ScreenHeader title="Website" description="The questions and answers of the FAQ page." />
      <WebsiteTabs />
      <form.fetcher.Form
        ref={form.formRef}
        method="post"
        noValidate
        onSubmit={form.onSubmit}
        aria-label="FAQ"
      >
        <input type="hidden" name="intent" value="publish-faq" />
        <Card>
          <CardHeader>
            <CardTitle>Questions</CardTitle>
          </CardHeader>
          <CardContent className="flex flex-col gap-4">
            {form.errors.form ? (
              <p role="alert" className="text-sm text-red-700">
                {form.errors.form}
              </p>
            ) : null}
            <ol className="flex flex-col gap-4">
              {rows.map((row, i) => (
                <li
                  key={row.id}
                  className="flex flex-col gap-3 rounded-md border border-stone-200 p-4"
                >
                  <TextField
                    label={`Question ${i + 1}`}
                    name={`question-${i}`}
                    value={row.question}
                    onChange={(e) => edit(row.id, { question: e.currentTarget.value })}
                    error={form.errors[`question-${i}`]}
                  />
                  {row.answer === null ? (
                    <div>
                      <input type="hidden" name={`policy-${i}`} value="on" />
                      <p className="text-sm font-medium">Answer {i + 1}</p>
                      <p className="text-sm text-stone-700">
                        Written from your cancellation policy (
                        <Link to="/admin/settings" className="underline underline-offset-4">
                          Settings
                        </Link>
                        ): “{policy}”
                      </p>
                    </div>
                  ) : (
                    <TextAreaField
                      label={`Answer ${i + 1}`}
                      name={`answer-${i}`}
                      rows={3}
                      value={row.answer}
                      onChange={(e) => edit(row.id, { answer: e.currentTarget.value })}
                      hint="An empty line starts a new paragraph."
                      error={form.errors[`answer-${i}`]}
                    />
                  )}
                  <div className="flex flex-wrap gap-2">
                    <Button
                      type="button"
                      variant="outline"
                      size="sm"
                      disabled={i === 0}
                      onClick={() => move(i, -1)}
                    >
                      <ArrowUp className="size-4" aria-hidden />
                      Move up<span className="sr-only"> question {i + 1}</span>
                    </Button>
                    <Button
                      type="button"
                      variant="outline"
                      size="sm"
                      disabled={i === rows.length - 1}
                      onClick={() => move(i, 1)}
                    >
                      <ArrowDown className="size-4" aria-hidden />
                      Move down<span className="sr-only"> question {i + 1}</span>
                    </Button>
                    {row.answer === null ? null : (
                      <Button
                        type="button"
                        variant="outline"
                        size="sm"
                        onClick={() => setRows((all) => all.filter((r) => r.id !== row.id))}
                      >
                        <Trash2 className="size-4" aria-hidden />
                        Remove<span className="sr-only"> question {i + 1}</span>
                      </Button>
                    )}
                  </div>
                </li>
              ))}
            </ol>
            <div className="flex flex-wrap gap-3">
              <Button
                type="button"
                variant="outline"
                onClick={add}
                disabled={rows.length >= MAX_FAQ_ITEMS}
              >
                <Plus className="size-4" aria-hidden />
                Add a question
              </Button>
              <PublishButton busy={form.busy} />
            </div>
          </CardContent>
        </Card>
      </form.fetcher.Form>
      <Preview id="faq-preview">
        <FaqList
          name="faq-preview"
          entries={rows.map((row) => ({
            question: row.question || "(a question)",
            answer: row.answer ?? policy,
          }))}
        />
      </Preview>
      <VersionHistory title="Published versions" intent="restore-faq" versions={history} />
    </div>
  );
}

// One section of the Rates screen: a card with its heading (h2, under the
// screen's h1), a line of help and, on the right, its main action.
import { Card, CardContent } from "#app/components/ui/card.tsx";

export function RatesSection({
  id,
  title,
  description,
  action,
  children,
}: {
  id: string;
  title: string;
  description: React.ReactNode;
  action?: React.ReactNode;
  children: React.ReactNode;
}) {
  return (
    <section aria-labelledby={id}>
      <Card>
        <div className="flex flex-col gap-3 p-4 sm:flex-row sm:items-start sm:justify-between sm:p-6">
          <div className="flex flex-col gap-1">
            <h2 id={id} className="text-lg font-semibold leading-tight">
              {title}
            </h2>
            <p className="text-sm text-stone-700">{description}</p>
          </div>
          {action ? <div className="shrink-0">{action}</div> : null}
        </div>
        <CardContent className="p-4 pt-0 sm:p-6 sm:pt-0">{children}</CardContent>
      </Card>
    </section>
  );
}

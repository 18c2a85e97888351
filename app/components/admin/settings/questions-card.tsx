// Settings' 'Questions at booking' (issue 28): which of the usual questions
// step 2 and the front desk ask, each not asked, optional or required, and up
// to three of the farm's own. Part of the 'Save All Settings' form.
import { useId } from "react";
import { selectClass } from "#app/components/admin/front-desk/stay-fields.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import { FieldError, Input, Label } from "#app/components/ui/input.tsx";
import { type AskChoice, askChoices, askLabels } from "#domain/forms/booking-questions.ts";
import {
  type BookingQuestion,
  CUSTOM_QUESTION_SLOTS,
  customQuestionId,
  PRESET_QUESTIONS,
} from "#domain/rules/booking-questions.ts";

type Errors = Record<string, string | undefined>;

export function QuestionsCard({
  questions,
  errors,
}: {
  questions: readonly BookingQuestion[];
  errors: Errors;
}) {
  const askOf = (id: string): AskChoice => {
    const asked = questions.find((q) => q.id === id);
    return asked ? (asked.required ? "required" : "optional") : "no";
  };
  const customIds = Array.from({ length: CUSTOM_QUESTION_SLOTS }, (_, i) =>
    customQuestionId(i + 1),
  );
  return (
    <Card>
      <CardHeader>
        <CardTitle>Questions at booking</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <p className="text-sm text-stone-700">
          Asked with the guest's details online and in the front desk's new booking. A required
          question must be answered online; at the desk it can wait for the gate. The answers show
          on the booking, on Today and on the run sheet.
        </p>
        {PRESET_QUESTIONS.map((q) => (
          <AskRow key={q.id} id={q.id} ask={askOf(q.id)} errors={errors}>
            {q.question}
          </AskRow>
        ))}
        {customIds.map((id, i) => (
          <CustomQuestionRow
            key={id}
            id={id}
            slot={i + 1}
            saved={questions.find((q) => q.id === id)?.question ?? ""}
            ask={askOf(id)}
            errors={errors}
          />
        ))}
      </CardContent>
    </Card>
  );
}

/** A question's 'Not asked / Optional / Required' choice, labelled by the question. */
function AskRow({
  id,
  ask,
  errors,
  children,
}: {
  id: string;
  ask: AskChoice;
  errors: Errors;
  children: React.ReactNode;
}) {
  const selectId = useId();
  const name = `ask:${id}`;
  return (
    <div className="grid items-center gap-1.5 sm:grid-cols-[1fr_12rem]">
      <Label htmlFor={selectId}>{children}</Label>
      <select
        id={selectId}
        name={name}
        defaultValue={ask}
        className={selectClass}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? `${selectId}-error` : undefined}
      >
        {askChoices.map((choice) => (
          <option key={choice} value={choice}>
            {askLabels[choice]}
          </option>
        ))}
      </select>
      <FieldError id={`${selectId}-error`}>{errors[name]}</FieldError>
    </div>
  );
}

/** One of the farm's own questions: its wording, then whether to ask it. */
function CustomQuestionRow({
  id,
  slot,
  saved,
  ask,
  errors,
}: {
  id: string;
  slot: number;
  saved: string;
  ask: AskChoice;
  errors: Errors;
}) {
  const inputId = useId();
  const name = `question:${id}`;
  return (
    <div className="flex flex-col gap-1.5 border-t border-stone-200 pt-4">
      <Label htmlFor={inputId}>Your own question {slot}</Label>
      <Input
        id={inputId}
        name={name}
        maxLength={120}
        defaultValue={saved}
        placeholder="e.g. How many kayaks are you bringing?"
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? `${inputId}-error` : undefined}
      />
      <FieldError id={`${inputId}-error`}>{errors[name]}</FieldError>
      <AskRow id={id} ask={ask} errors={errors}>
        <span className="font-normal text-stone-700">Ask question {slot}</span>
      </AskRow>
    </div>
  );
}

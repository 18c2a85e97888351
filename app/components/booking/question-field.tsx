// One of the farm's questions at booking, as step 2 online and the front
// desk's form ask it: a line, a time of day, or a few lines; marked * when
// Settings makes it required (online only: the desk may leave it for later).
import { FieldError, Input, Label, Textarea } from "#app/components/ui/input.tsx";
import {
  answerField,
  answerLength,
  type BookingQuestion,
} from "#domain/rules/booking-questions.ts";

type Value =
  | { value: string; onChange: (value: string) => void }
  | { defaultValue?: string; onChange?: undefined };

export function QuestionField({
  question,
  required,
  invalid,
  describedBy,
  error,
  ...value
}: {
  question: BookingQuestion;
  required: boolean;
  invalid?: boolean;
  /** The message elsewhere on the page that says what is wrong. */
  describedBy?: string;
  /** Or the message shown under the field. */
  error?: string;
} & Value) {
  const id = `question-${question.id}`;
  const marked = invalid || Boolean(error);
  const control = {
    id,
    name: answerField(question.id),
    maxLength: answerLength(question.kind),
    required,
    "aria-required": required || undefined,
    "aria-invalid": marked || undefined,
    "aria-describedby": error ? `${id}-error` : marked ? describedBy : undefined,
    ...("value" in value
      ? {
          value: value.value,
          onChange: (e: { target: { value: string } }) => value.onChange(e.target.value),
        }
      : { defaultValue: value.defaultValue }),
  };
  return (
    <div className={`flex flex-col gap-1.5 ${question.kind === "long" ? "sm:col-span-2" : ""}`}>
      <Label htmlFor={id}>
        {question.question}
        {required ? (
          <span aria-hidden="true" className="text-red-700">
            {" "}
            *
          </span>
        ) : (
          <span className="font-normal text-stone-700"> (optional)</span>
        )}
      </Label>
      {question.kind === "long" ? (
        <Textarea rows={3} {...control} />
      ) : (
        <Input type={question.kind === "time" ? "time" : "text"} className="h-12" {...control} />
      )}
      <FieldError id={`${id}-error`}>{error}</FieldError>
    </div>
  );
}

// Step 2: guest details (spec 2.12 and 5). First name, last name and email are
// required (marked *); phone is optional; then the farm's questions, each
// optional or required as Settings say. The rules are the booking request
// schema's and `answersTo`, the same the API applies.
import { Input, Label } from "#app/components/ui/input.tsx";
import { GUEST_DETAILS_MESSAGE } from "#domain/forms/booking-request.ts";
import { answerField, type BookingQuestion } from "#domain/rules/booking-questions.ts";
import { QuestionField } from "./question-field";

export type GuestForm = {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  /** Question id to answer. */
  answers: Record<string, string>;
};
export type GuestField = Exclude<keyof GuestForm, "answers">;

const fields: {
  name: GuestField;
  label: string;
  required: boolean;
  type: string;
  autoComplete: string;
}[] = [
  {
    name: "firstName",
    label: "First name",
    required: true,
    type: "text",
    autoComplete: "given-name",
  },
  {
    name: "lastName",
    label: "Last name",
    required: true,
    type: "text",
    autoComplete: "family-name",
  },
  { name: "email", label: "Email", required: true, type: "email", autoComplete: "email" },
  { name: "phone", label: "Phone", required: false, type: "tel", autoComplete: "tel" },
];

export function GuestStep({
  values,
  questions,
  invalidFields,
  onChange,
  onAnswer,
}: {
  values: GuestForm;
  questions: readonly BookingQuestion[];
  /** Guest fields and `answer:<id>` fields to mark. */
  invalidFields: ReadonlySet<string>;
  onChange: (field: GuestField, value: string) => void;
  onAnswer: (questionId: string, value: string) => void;
}) {
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-stone-700">
        Fields marked <span aria-hidden="true">*</span>
        <span className="sr-only">with an asterisk</span> are required.
      </p>
      <div className="grid gap-4 sm:grid-cols-2">
        {fields.map((field) => {
          const id = `guest-${field.name}`;
          const invalid = invalidFields.has(field.name);
          return (
            <div key={field.name} className="flex flex-col gap-1.5">
              <Label htmlFor={id}>
                {field.label}
                {field.required ? (
                  <span aria-hidden="true" className="text-red-700">
                    {" "}
                    *
                  </span>
                ) : (
                  <span className="font-normal text-stone-700"> (optional)</span>
                )}
              </Label>
              <Input
                id={id}
                name={field.name}
                type={field.type}
                autoComplete={field.autoComplete}
                required={field.required}
                aria-required={field.required || undefined}
                aria-invalid={invalid || undefined}
                aria-describedby={invalid ? "guest-details-error" : undefined}
                value={values[field.name]}
                onChange={(e) => onChange(field.name, e.target.value)}
                className="h-12"
              />
            </div>
          );
        })}
        {questions.map((question) => (
          <QuestionField
            key={question.id}
            question={question}
            required={question.required}
            invalid={invalidFields.has(answerField(question.id))}
            describedBy="guest-details-error"
            value={values.answers[question.id] ?? ""}
            onChange={(value) => onAnswer(question.id, value)}
          />
        ))}
      </div>
      {invalidFields.size > 0 ? (
        // Read with each marked field; the toast has already announced it.
        <p id="guest-details-error" className="text-sm font-medium text-red-700">
          {GUEST_DETAILS_MESSAGE}
        </p>
      ) : null}
    </div>
  );
}

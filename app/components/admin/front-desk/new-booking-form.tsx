// The new-booking form of the front desk (issue 28): the stay, the guest,
// how they pay, the owner's override and a private note. 'Check price' and
// 'Take booking' are the form's two submit buttons.
import { useEffect, useState } from "react";
import { Form, useNavigation } from "react-router";
import { useToastOnce } from "#app/components/admin/use-toast.ts";
import { QuestionField } from "#app/components/booking/question-field.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Card } from "#app/components/ui/card.tsx";
import { Input, Textarea } from "#app/components/ui/input.tsx";
import type { ActionAnswer } from "#app/lib/action-answer.ts";
import type { DeskCampsite, DeskQuote } from "#domain/api/front-desk.ts";
import {
  type FrontDeskPayment,
  frontDeskPaymentLabels,
  frontDeskPayments,
} from "#domain/forms/front-desk-booking.ts";
import { answerField, type BookingQuestion } from "#domain/rules/booking-questions.ts";
import {
  type Errors,
  Field,
  type FormValues,
  OverrideFields,
  QuoteBox,
  RecordedPaymentFields,
  StayFields,
} from "./stay-fields";

type Props = {
  campsites: DeskCampsite[];
  questions: BookingQuestion[];
  /** The form's one-time key. */
  submission: string;
  mayOverride: boolean;
  today: string;
  prefill: FormValues;
  answer: ActionAnswer | undefined;
};

export function NewBookingForm({
  campsites,
  questions,
  submission,
  mayOverride,
  today,
  prefill,
  answer,
}: Props) {
  const values = { ...prefill, ...answer?.values };
  const errors = answer?.fieldErrors;
  const quote = answer?.intent === "quote" && answer.ok ? (answer.result as DeskQuote) : undefined;
  const busy = useNavigation().state === "submitting";
  useToastOnce(answer?.ok === false ? answer.toast : undefined);

  if (campsites.length === 0)
    return (
      <Card className="p-6">
        <p>No campsite is on sale. Add one under Campsites first.</p>
      </Card>
    );
  return (
    <Form method="post" className="flex flex-col gap-5" noValidate>
      <input type="hidden" name="submission" value={submission} />
      <Card className="flex flex-col gap-6 p-4 sm:p-6">
        <StayFields campsites={campsites} values={values} errors={errors} today={today} />
        <GuestFields values={values} errors={errors} questions={questions} />
        <PaymentFields values={values} errors={errors} />
        {mayOverride ? <OverrideFields values={values} errors={errors} /> : null}
        <Field name="farmNote" label="Private note (the farm's only)" errors={errors}>
          {(props) => (
            <Textarea {...props} name="farmNote" maxLength={2000} defaultValue={values.farmNote} />
          )}
        </Field>
      </Card>
      {quote ? <QuoteBox quote={quote} /> : null}
      <div className="flex flex-wrap gap-3">
        <Button type="submit" name="intent" value="quote" variant="outline" disabled={busy}>
          Check price
        </Button>
        <Button type="submit" name="intent" value="book" disabled={busy}>
          Take booking
        </Button>
      </div>
    </Form>
  );
}

function GuestFields({
  values,
  errors,
  questions,
}: {
  values: FormValues;
  errors: Errors;
  questions: BookingQuestion[];
}) {
  const text = (name: string, label: string, type = "text", autoComplete = "off") => (
    <Field name={name} label={label} errors={errors}>
      {(props) => (
        <Input
          {...props}
          name={name}
          type={type}
          autoComplete={autoComplete}
          defaultValue={values[name]}
        />
      )}
    </Field>
  );
  return (
    <fieldset className="grid gap-4 sm:grid-cols-2">
      <legend className="mb-2 text-lg font-semibold text-stone-900">Guest</legend>
      {text("firstName", "First name")}
      {text("lastName", "Last name")}
      {text("email", "Email", "email")}
      {text("phone", "Phone (optional)", "tel")}
      {/* The farm's questions, none required here: the guest may answer at the gate. */}
      {questions.map((question) => (
        <QuestionField
          key={question.id}
          question={question}
          required={false}
          defaultValue={values[answerField(question.id)]}
          error={errors?.[answerField(question.id)]}
        />
      ))}
    </fieldset>
  );
}

function PaymentFields({ values, errors }: { values: FormValues; errors: Errors }) {
  const [payment, setPayment] = useState<FrontDeskPayment>(
    (values.payment as FrontDeskPayment) ?? "recorded",
  );
  // Until the script runs every field shows; then only the chosen way's.
  const [scripted, setScripted] = useState(false);
  useEffect(() => setScripted(true), []);
  const shown = (option: FrontDeskPayment) =>
    !scripted || payment === option ? "contents" : "hidden";
  return (
    <fieldset className="grid gap-4 sm:grid-cols-2">
      <legend className="mb-2 text-lg font-semibold text-stone-900">Payment</legend>
      <div
        className="flex flex-col gap-2 sm:col-span-2"
        role="radiogroup"
        aria-label="How the guest pays"
      >
        {frontDeskPayments.map((option) => (
          <label key={option} className="flex items-center gap-2 text-sm text-stone-900">
            <input
              type="radio"
              name="payment"
              className="size-4 shrink-0 accent-paddock-700"
              value={option}
              checked={payment === option}
              onChange={() => setPayment(option)}
            />
            {frontDeskPaymentLabels[option]}
          </label>
        ))}
      </div>
      <div className={shown("recorded")}>
        <RecordedPaymentFields values={values} errors={errors} />
      </div>
      <div className={shown("link")}>
        <Field name="payBy" label="Payment link: pay by (farm time)" errors={errors}>
          {(props) => (
            <Input {...props} type="datetime-local" name="payBy" defaultValue={values.payBy} />
          )}
        </Field>
      </div>
    </fieldset>
  );
}

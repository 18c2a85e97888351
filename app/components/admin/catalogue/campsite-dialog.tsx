// 'Add New Campsite' and edit (spec 2.15): one dialog, checked in the browser
// with the same schema the action uses, with photo upload beside the typed
// image addresses.
import { X } from "lucide-react";
import { useState } from "react";
import { Button } from "#app/components/ui/button.tsx";
import { Dialog, DialogContent } from "#app/components/ui/dialog.tsx";
import { centsToAmount } from "#domain/format/money.ts";
import { campsiteFormSchema } from "#domain/forms/campsite.ts";
import { splitList } from "#domain/forms/form-fields.ts";
import type { CampsiteView } from "./campsite-card";
import { TextAreaField, TextField } from "./field";
import { PhotoUpload } from "./photo-upload";
import { SwitchField } from "./switch-field";
import { useCheckedForm } from "./use-checked-form";

export type CampsiteFormValues = {
  name: string;
  location: string;
  description: string;
  pricePerNight: string;
  capacity: string;
  quantity: string;
  amenities: string;
  images: string;
  isActive: boolean;
};

export function formValuesOf(campsite: CampsiteView): CampsiteFormValues {
  return {
    name: campsite.name,
    location: campsite.location,
    description: campsite.description,
    pricePerNight: centsToAmount(campsite.pricePerNightCents),
    capacity: String(campsite.capacity),
    quantity: String(campsite.quantity),
    amenities: campsite.amenities.join(", "),
    images: campsite.images.join(", "),
    isActive: campsite.isActive,
  };
}

export function CampsiteDialog({
  open,
  onOpenChange,
  campsiteId,
  values,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The campsite being edited; none when adding. */
  campsiteId?: string;
  values: CampsiteFormValues;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={campsiteId ? "Edit Campsite" : "Add New Campsite"}
        description="Fields marked * are required. Separate amenities and image addresses with commas."
        className="max-w-2xl"
      >
        <CampsiteForm campsiteId={campsiteId} values={values} onSaved={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}

function CampsiteForm({
  campsiteId,
  values,
  onSaved,
}: {
  campsiteId?: string;
  values: CampsiteFormValues;
  onSaved: () => void;
}) {
  const { fetcher, formRef, onSubmit, busy, errors } = useCheckedForm(campsiteFormSchema, onSaved);
  const [images, setImages] = useState(values.images);

  const imageList = splitList(images);

  return (
    <fetcher.Form
      ref={formRef}
      method="post"
      noValidate
      className="grid gap-4 sm:grid-cols-2"
      onSubmit={onSubmit}
    >
      <input type="hidden" name="intent" value={campsiteId ? "update" : "create"} />
      {campsiteId ? <input type="hidden" name="id" value={campsiteId} /> : null}
      <TextField
        label="Name"
        name="name"
        required
        defaultValue={values.name}
        error={errors.name}
        className="sm:col-span-2"
      />
      <TextField
        label="Location"
        name="location"
        defaultValue={values.location}
        error={errors.location}
        className="sm:col-span-2"
      />
      <TextAreaField
        label="Description"
        name="description"
        defaultValue={values.description}
        error={errors.description}
        className="sm:col-span-2"
      />
      <TextField
        label="Price per night ($)"
        name="pricePerNight"
        required
        inputMode="decimal"
        defaultValue={values.pricePerNight}
        error={errors.pricePerNight}
      />
      <TextField
        label="Maximum guests"
        name="capacity"
        required
        type="number"
        min={1}
        step={1}
        defaultValue={values.capacity}
        error={errors.capacity}
      />
      <TextField
        label="Quantity (spots)"
        name="quantity"
        required
        type="number"
        min={1}
        step={1}
        defaultValue={values.quantity}
        error={errors.quantity}
        hint="How many sites of this kind can be booked at once."
      />
      <TextField
        label="Amenities"
        name="amenities"
        defaultValue={values.amenities}
        error={errors.amenities}
        hint="Comma separated, e.g. wifi, parking, dog friendly, firewood, power"
      />
      <div className="flex flex-col gap-3 sm:col-span-2">
        <TextAreaField
          label="Images"
          name="images"
          value={images}
          onChange={(event) => setImages(event.currentTarget.value)}
          error={errors.images}
          hint="Comma separated web addresses; uploaded photos are added here."
          className="[&_textarea]:min-h-16"
        />
        <PhotoUpload
          onUploaded={(url) => setImages((current) => [...splitList(current), url].join(", "))}
        />
        {imageList.length > 0 ? (
          <ul className="flex flex-wrap gap-2" aria-label="Photos">
            {imageList.map((src, index) => (
              <li key={`${src}-${index}`} className="relative">
                <img
                  src={src}
                  alt={`Campsite, ${index + 1} of ${imageList.length}`}
                  width={96}
                  height={72}
                  className="h-18 w-24 rounded-md border border-stone-200 object-cover"
                />
                <button
                  type="button"
                  className="absolute -right-2 -top-2 rounded-full bg-white p-1 shadow ring-1 ring-stone-300 hover:bg-stone-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-paddock-700"
                  aria-label={`Remove photo ${index + 1}`}
                  onClick={() => setImages(imageList.filter((_, i) => i !== index).join(", "))}
                >
                  <X className="size-4" aria-hidden />
                </button>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      <div className="sm:col-span-2">
        <SwitchField
          label="Active"
          name="isActive"
          defaultChecked={values.isActive}
          hint="Active campsites are offered to campers."
        />
      </div>
      <div className="flex flex-col-reverse gap-2 sm:col-span-2 sm:flex-row sm:justify-end">
        <Button type="submit" disabled={busy}>
          {busy ? "Saving…" : campsiteId ? "Update Campsite" : "Create Campsite"}
        </Button>
      </div>
    </fetcher.Form>
  );
}

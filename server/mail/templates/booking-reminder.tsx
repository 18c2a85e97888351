// The reminder two days before arrival: the stay, the arrival cut-off, the
// way there with a map, the booking page, and what to bring.
import { formatAddress, type SiteConfig } from "#content/site.ts";
import { formatLongDay } from "#domain/format/long-day.ts";
import { ButtonLink, DetailRows, EmailLayout, LabelledLink, Lines, renderEmail } from "./layout";
import type { StayBooking } from "./stay-details";

export type BookingReminderProps = {
  site: SiteConfig;
  booking: Pick<
    StayBooking,
    "bookingReference" | "checkInDate" | "checkOutDate" | "numberOfGuests"
  > & { guestFirstName: string };
  campsiteName: string;
  /** The camper's own page, absolute; none for a booking without a token. */
  manageUrl?: string;
  mapUrl: string;
};

export function BookingReminderEmail(props: BookingReminderProps) {
  const { site, booking } = props;
  const farm = `${site.farmName} Station`;
  return (
    <EmailLayout site={site} preview={`Your stay at ${farm} is coming up.`}>
      <Lines lines={[`Hi ${booking.guestFirstName},`]} />
      <Lines lines={[`Your stay at ${farm} is coming up.`]} strong />
      <DetailRows
        rows={[
          { label: "Booking reference", value: booking.bookingReference, strong: true },
          { label: "Campsite", value: props.campsiteName },
          {
            label: "Check-in",
            value: `${formatLongDay(booking.checkInDate)}, 12-5pm (all arrivals by 6pm)`,
          },
          { label: "Check-out", value: `${formatLongDay(booking.checkOutDate)}, by 10am` },
          { label: "Guests", value: String(booking.numberOfGuests) },
        ]}
      />
      <Lines lines={["All arrivals must be on site by 6:00pm."]} strong />
      {props.manageUrl && <ButtonLink label="Manage your booking" href={props.manageUrl} />}
      <Lines
        lines={[
          `Address: ${formatAddress(site)}`,
          <LabelledLink key="map" label="Map" href={props.mapUrl} />,
          `Phone: ${site.phone}`,
        ]}
      />
      <Lines
        lines={[
          "Bring your own drinking water and toilet; there are no showers or toilets on site.",
          "Mobile reception is patchy out here, so save these details before you leave.",
          "Dogs are welcome on a leash. Quiet hours are 10pm to 7am.",
        ]}
      />
      <Lines lines={["See you soon,", farm]} />
    </EmailLayout>
  );
}

export const renderBookingReminder = (props: BookingReminderProps) =>
  renderEmail(<BookingReminderEmail {...props} />);

// The guest's confirmation: the stay with its days, the price breakdown, the
// tax invoice, the booking page, the cancellation policy, the way there.
import { formatAddress, type SiteConfig } from "#content/site.ts";
import {
  ButtonLink,
  DetailRows,
  EmailLayout,
  LabelledLink,
  Lines,
  renderEmail,
  SectionTitle,
} from "./layout";
import { paymentRows, type StayBooking, stayRows } from "./stay-details";

export type BookingConfirmationProps = {
  site: SiteConfig;
  booking: StayBooking & { guestFirstName: string };
  campsiteName: string;
  /** "Your tax invoice (also attached as a PDF)", with its address when there is one. */
  invoice?: { what: string; link?: string; attached: boolean };
  /** The camper's own page, absolute. */
  manageUrl?: string;
  /** The cancellation policy for this stay in plain words. */
  policy: string;
  mapUrl: string;
  /** The camper changed the stay: this confirms the changed one. */
  changed?: boolean;
  /** A deposit booking's plan in words: "You have paid a deposit of $60.00. The balance ...". */
  plan?: string;
};

export function BookingConfirmationEmail(props: BookingConfirmationProps) {
  const { site, booking, invoice } = props;
  const farm = `${site.farmName} Station`;
  return (
    <EmailLayout
      site={site}
      preview={`Booking ${booking.bookingReference} is ${props.changed ? "changed" : "confirmed"}.`}
    >
      <Lines lines={[`Hi ${booking.guestFirstName},`]} />
      <Lines
        lines={[
          props.changed
            ? `Your booking at ${farm} has been changed. Here is your stay as it is now.`
            : `Your booking at ${farm} is confirmed.`,
        ]}
        strong
      />
      {props.manageUrl && <ButtonLink label="Manage your booking" href={props.manageUrl} />}
      <SectionTitle>Your stay</SectionTitle>
      <DetailRows rows={stayRows(booking, props.campsiteName)} />
      <SectionTitle>Price</SectionTitle>
      <DetailRows rows={paymentRows(booking, true)} />
      {props.plan && <Lines lines={[props.plan]} strong />}
      {invoice?.link && (
        <Lines
          lines={[
            <LabelledLink
              key="invoice"
              label={`${invoice.what}${invoice.attached ? " (also attached as a PDF)" : ""}`}
              href={invoice.link}
            />,
          ]}
        />
      )}
      {invoice && !invoice.link && invoice.attached && (
        <Lines lines={[`${invoice.what} is attached as a PDF.`]} />
      )}
      <SectionTitle>Cancellation policy</SectionTitle>
      <Lines lines={[`Cancellation policy: ${props.policy}`]} />
      <SectionTitle>Getting here</SectionTitle>
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
          "The calendar file attached adds your stay to your calendar.",
        ]}
      />
      <Lines
        lines={[
          "See you soon,",
          farm,
          site.business.abn
            ? `${site.business.legalName}, ABN ${site.business.abn}`
            : site.business.legalName,
        ]}
      />
    </EmailLayout>
  );
}

export const renderBookingConfirmation = (props: BookingConfirmationProps) =>
  renderEmail(<BookingConfirmationEmail {...props} />);

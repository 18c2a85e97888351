// The gift vouchers sold on the public page (issue 31, item 2), under the
// Prepaid Cards screen: each with its buyer, who it is for and its card.
import {
  EmailAddress,
  StackBody,
  StackHead,
  StackTd,
  StackTh,
  StackTr,
} from "#app/components/ui/table.tsx";
import { ScrollTable } from "./scroll-table";

export type SoldVoucher = {
  reference: string;
  buyerName: string;
  buyerEmail: string;
  recipientName: string;
  cardNumber: string | null;
  paid: string;
};

export function GiftVouchersSold({ vouchers }: { vouchers: SoldVoucher[] }) {
  if (vouchers.length === 0) return null;
  return (
    <section aria-labelledby="vouchers-sold" className="flex flex-col gap-3">
      <h2 id="vouchers-sold" className="text-lg font-semibold">
        Gift vouchers sold online
      </h2>
      <ScrollTable label="Gift vouchers sold online, newest first" stacked>
        <StackHead>
          <StackTh>Voucher</StackTh>
          <StackTh>Bought by</StackTh>
          <StackTh>For</StackTh>
          <StackTh>Card</StackTh>
          <StackTh>Paid</StackTh>
        </StackHead>
        <StackBody>
          {vouchers.map((v) => (
            <StackTr key={v.reference}>
              <StackTd label="Voucher" className="font-semibold">
                {v.reference}
              </StackTd>
              <StackTd label="Bought by" className="min-w-40">
                {v.buyerName}
                <span className="block text-sm text-stone-700">
                  <EmailAddress address={v.buyerEmail} />
                </span>
              </StackTd>
              <StackTd label="For">{v.recipientName}</StackTd>
              <StackTd label="Card" className="font-mono">
                {v.cardNumber ?? "Removed"}
              </StackTd>
              <StackTd label="Paid">{v.paid}</StackTd>
            </StackTr>
          ))}
        </StackBody>
      </ScrollTable>
    </section>
  );
}

// Keep the stay in the address, so a reload or coming Back from the payment
// page finds it (and the booking made for it) again.
import { useEffect } from "react";
import { useSearchParams } from "react-router";
import { stayQuery } from "#domain/rules/booking-query.ts";
import type { Stay } from "./stay-step";

export function useStayInAddress(campsiteId: string, stay: Stay) {
  const [searchParams, setSearchParams] = useSearchParams();
  const wanted = stayQuery({ campsiteId, ...stay }).toString();
  const current = searchParams.toString();
  useEffect(() => {
    if (wanted !== current) setSearchParams(wanted, { replace: true, preventScrollReset: true });
  }, [wanted, current, setSearchParams]);
}

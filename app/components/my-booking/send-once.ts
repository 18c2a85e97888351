// The forms of the camper's page post the whole page: each is sent once (a
// second tap would only be refused as already done), and not at all while the
// phone is offline, where it would end on the browser's own error page.
import { useEffect, useState } from "react";

export function useSendOnce() {
  const [sent, setSent] = useState(false);
  const [offline, setOffline] = useState(false);
  // Back on this page from the next one (the browser's page cache): it may be sent again.
  useEffect(() => {
    const shown = (event: PageTransitionEvent) => event.persisted && setSent(false);
    window.addEventListener("pageshow", shown);
    return () => window.removeEventListener("pageshow", shown);
  }, []);
  const onSubmit = (event: { preventDefault(): void }) => {
    setOffline(!navigator.onLine);
    if (sent || !navigator.onLine) event.preventDefault();
    else setSent(true);
  };
  return { sent, offline, onSubmit };
}

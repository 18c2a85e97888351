// Reloads the screen's data when the database reports a change to one of
// `tables` (GET /api/admin/live). Bursts of changes cause one reload; after a
// reconnection the screen reloads once, in case something was missed. When the
// server refuses the stream (the session ended, say), the screen reloads once
// too, so that its loader sends the user to sign in.
import { useEffect, useRef, useState } from "react";
import { useRevalidator } from "react-router";

export type LiveStatus = "connecting" | "live" | "offline";

export function useLiveUpdates(tables: readonly string[]): LiveStatus {
  const [status, setStatus] = useState<LiveStatus>("connecting");
  const { revalidate } = useRevalidator();
  const revalidateRef = useRef(revalidate);
  revalidateRef.current = revalidate;
  const key = tables.join(",");

  useEffect(() => {
    const watched = new Set(key.split(","));
    const source = new EventSource("/api/admin/live");
    let timer: ReturnType<typeof setTimeout> | undefined;
    let connectedBefore = false;
    const reload = () => {
      clearTimeout(timer);
      timer = setTimeout(() => void revalidateRef.current(), 200);
    };
    source.addEventListener("ready", () => {
      setStatus("live");
      if (connectedBefore) reload();
      connectedBefore = true;
    });
    source.addEventListener("change", (event) => {
      try {
        const change = JSON.parse((event as MessageEvent<string>).data) as { table?: string };
        if (change.table && watched.has(change.table)) reload();
      } catch {
        // A malformed frame changes nothing.
      }
    });
    source.addEventListener("error", () => {
      const refused = source.readyState === EventSource.CLOSED;
      setStatus(refused ? "offline" : "connecting");
      if (refused) void revalidateRef.current();
    });
    return () => {
      clearTimeout(timer);
      source.close();
    };
  }, [key]);

  return status;
}

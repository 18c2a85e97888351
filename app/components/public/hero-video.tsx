// The home hero's silent loop: an island of the home page (decision 0022).
// The poster picture stays the first paint (and the page's largest one); the
// video loads only where it helps: a wide screen (>= 1024 px), no Save-Data,
// not a slow connection, no preference for reduced motion; and only after the
// page has loaded, never preloaded whole. It can be paused (WCAG 2.2.2).
import { useEffect, useRef, useState } from "react";

const WIDE_SCREEN = "(min-width: 1024px)";
const REDUCED_MOTION = "(prefers-reduced-motion: reduce)";
const SLOW_CONNECTIONS = new Set(["slow-2g", "2g", "3g"]);
const START_AFTER_LOAD_MS = 1500;

type NetworkInformation = { saveData?: boolean; effectiveType?: string };

/** Whether this visitor's screen, connection and preferences call for the video. */
export function videoWanted(): boolean {
  const connection = (navigator as { connection?: NetworkInformation }).connection;
  return (
    window.matchMedia(WIDE_SCREEN).matches &&
    !window.matchMedia(REDUCED_MOTION).matches &&
    !connection?.saveData &&
    !SLOW_CONNECTIONS.has(connection?.effectiveType ?? "")
  );
}

export type HeroVideoProps = { src: string; type: string };

export default function HeroVideo({ src, type }: HeroVideoProps) {
  const [mounted, setMounted] = useState(false);
  const [playing, setPlaying] = useState(false);
  const [paused, setPaused] = useState(false);
  const boxRef = useRef<HTMLDivElement>(null);
  const videoRef = useRef<HTMLVideoElement>(null);

  useEffect(() => {
    // A visitor who turns on reduced motion, or narrows the window, gets the still picture.
    const queries = [window.matchMedia(REDUCED_MOTION), window.matchMedia(WIDE_SCREEN)];
    const recheck = () => {
      if (!videoWanted()) setMounted(false);
    };
    for (const query of queries) query.addEventListener("change", recheck);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const start = () => {
      timer = setTimeout(() => setMounted(videoWanted()), START_AFTER_LOAD_MS);
    };
    if (document.readyState === "complete") start();
    else window.addEventListener("load", start, { once: true });
    return () => {
      clearTimeout(timer);
      window.removeEventListener("load", start);
      for (const query of queries) query.removeEventListener("change", recheck);
    };
  }, []);

  const toggle = () => {
    const video = videoRef.current;
    if (!video) return;
    if (video.paused) {
      void video.play();
      setPaused(false);
    } else {
      video.pause();
      setPaused(true);
    }
  };

  // The hero's poster picture, drawn by the page beside this island.
  const poster = () =>
    boxRef.current?.closest("section")?.querySelector("img")?.currentSrc || undefined;

  return (
    <>
      {/* Decorative: the headline says it all. */}
      <div ref={boxRef} aria-hidden="true" className="absolute inset-0 -z-10">
        {mounted ? (
          <video
            ref={videoRef}
            className={`size-full object-cover transition-opacity duration-1000 ${
              playing ? "opacity-100" : "opacity-0"
            }`}
            poster={poster()}
            autoPlay
            muted
            loop
            playsInline
            preload="metadata"
            onPlaying={() => setPlaying(true)}
            onError={() => setMounted(false)}
          >
            <source src={src} type={type} />
          </video>
        ) : null}
      </div>
      {mounted ? (
        <button
          type="button"
          onClick={toggle}
          className="absolute bottom-4 right-4 rounded-full bg-black/60 px-4 py-2 text-sm font-semibold text-white hover:bg-black/80 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-white"
        >
          {paused ? "Play background video" : "Pause background video"}
        </button>
      ) : null}
    </>
  );
}

// The home hero's silent loop. It starts only after the page has loaded (the
// poster picture is the first paint), never for visitors who prefer reduced
// motion or save data, and can be paused (WCAG 2.2.2).
import { useEffect, useRef, useState } from "react";

type Props = { src: string; type: string; posterRef: React.RefObject<HTMLImageElement | null> };

function motionAllowed() {
  const saveData = (navigator as { connection?: { saveData?: boolean } }).connection?.saveData;
  return !saveData && !window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}

export function HeroVideo({ src, type, posterRef }: Props) {
  const [mounted, setMounted] = useState(false);
  const [playing, setPlaying] = useState(false);
  const [paused, setPaused] = useState(false);
  const videoRef = useRef<HTMLVideoElement>(null);

  useEffect(() => {
    const reduced = window.matchMedia("(prefers-reduced-motion: reduce)");
    const stopOnReduce = (event: MediaQueryListEvent) => event.matches && setMounted(false);
    reduced.addEventListener("change", stopOnReduce);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const start = () => {
      timer = setTimeout(() => setMounted(motionAllowed()), 1500);
    };
    if (document.readyState === "complete") start();
    else window.addEventListener("load", start, { once: true });
    return () => {
      clearTimeout(timer);
      window.removeEventListener("load", start);
      reduced.removeEventListener("change", stopOnReduce);
    };
  }, []);

  if (!mounted) return null;

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

  return (
    <>
      {/* Decorative: the headline says it all. */}
      <div aria-hidden="true" className="absolute inset-0 -z-10">
        <video
          ref={videoRef}
          className={`size-full object-cover transition-opacity duration-1000 ${
            playing ? "opacity-100" : "opacity-0"
          }`}
          poster={posterRef.current?.currentSrc || undefined}
          autoPlay
          muted
          loop
          playsInline
          preload="auto"
          onPlaying={() => setPlaying(true)}
          onError={() => setMounted(false)}
        >
          <source src={src} type={type} />
        </video>
      </div>
      <button
        type="button"
        onClick={toggle}
        className="absolute bottom-4 right-4 rounded-full bg-black/60 px-4 py-2 text-sm font-semibold text-white hover:bg-black/80 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-white"
      >
        {paused ? "Play background video" : "Pause background video"}
      </button>
    </>
  );
}

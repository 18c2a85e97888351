// The islands' entry (decision 0022), imported by the boot script once the
// page has painted (boot-script.ts): finds the island
// roots that app/islands/island.tsx marked, loads only the islands this page
// has, and hydrates each with Preact from the server's HTML and its props.
import { type ComponentType, h, hydrate } from "preact";
import { type IslandName, islandModules } from "./registry";

function isIslandName(name: string | undefined): name is IslandName {
  return name !== undefined && Object.hasOwn(islandModules, name);
}

async function hydrateIsland(root: HTMLElement) {
  const name = root.dataset.island;
  if (!isIslandName(name)) return;
  const props = JSON.parse(root.dataset.props ?? "{}") as Record<string, unknown>;
  const module = await islandModules[name]();
  hydrate(h(module.default as unknown as ComponentType<Record<string, unknown>>, props), root);
}

/**
 * Once the islands' first effects have run, and what they set has rendered:
 * Preact runs effects in a timer after the next frame (or after 35 ms when
 * no frame comes), so a timer queued after that frame runs after them. Until
 * then an island is drawn but not yet itself (the menu's button has no
 * aria-expanded).
 */
function afterFirstEffects(): Promise<void> {
  return new Promise((resolve) => {
    let queued = false;
    const queue = () => {
      if (queued) return;
      queued = true;
      setTimeout(resolve);
    };
    requestAnimationFrame(queue);
    setTimeout(queue, 35);
  });
}

const roots = [...document.querySelectorAll<HTMLElement>("[data-island]")];
Promise.all(
  roots.map((root) =>
    hydrateIsland(root).catch((error: unknown) => {
      // The server's HTML stays usable; say why this part did not come alive.
      console.error(`island ${root.dataset.island} failed`, error);
    }),
  ),
)
  .then(afterFirstEffects)
  .then(() => {
    // Said on the page, for whatever waits for its parts to answer (the end-to-end tests).
    document.documentElement.dataset.islands = "alive";
  });

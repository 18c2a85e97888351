// Builds the islands' browser bundle (app/islands/client.ts) inside the app's
// client build, with Preact in place of React (decision 0022):
// - the client build emits client.ts as an extra entry chunk;
// - every module that client.ts reaches is loaded a second time under the id
//   `<file>?island`, and in those modules `react`, `react-dom` and the JSX
//   runtime resolve to Preact; the same files stay React in the app's bundle;
// - the server build reads the entry's hashed file name from the client
//   build's manifest and hands it to app/root.tsx as `virtual:islands/entry`.
import { readFileSync } from "node:fs";
import path from "node:path";
import type { Plugin } from "vite";

const ENTRY = "app/islands/client.ts";
const VIRTUAL_ID = "virtual:islands/entry";
const RESOLVED_VIRTUAL_ID = `\0${VIRTUAL_ID}`;
const ISLAND_QUERY = "?island";

const preactFor: Record<string, string> = {
  react: "preact/compat",
  "react-dom": "preact/compat",
  "react-dom/client": "preact/compat/client",
  "react/jsx-runtime": "preact/jsx-runtime",
  "react/jsx-dev-runtime": "preact/jsx-runtime",
};

const withoutQuery = (id: string) => id.replace(/[?#].*$/, "");

type Options = { clientOutDir: string };

export function islands({ clientOutDir }: Options): Plugin {
  let root = process.cwd();
  let command: "build" | "serve" = "build";
  let ssrBuild = false;
  const entryPath = () => path.join(root, ENTRY);
  const inIslandGraph = (id: string) =>
    id.endsWith(ISLAND_QUERY) || withoutQuery(id) === entryPath();

  /** The URL the browser loads the islands entry from. */
  function entryUrl(): string {
    // In development and in the app's own bundle the islands' script tag is never rendered.
    if (command === "serve" || !ssrBuild) return "";
    const manifestFile = path.join(root, clientOutDir, ".vite", "manifest.json");
    const manifest = JSON.parse(readFileSync(manifestFile, "utf8")) as Record<
      string,
      { file: string }
    >;
    const chunk = manifest[ENTRY];
    if (!chunk) throw new Error(`${ENTRY} is missing from ${manifestFile}`);
    return `/${chunk.file}`;
  }

  return {
    name: "islands",
    // Before Vite's own resolver, which would resolve `react` to React.
    enforce: "pre",
    configResolved(config) {
      root = config.root;
      command = config.command;
      ssrBuild = Boolean(config.build.ssr);
    },
    buildStart() {
      if (command === "build" && !ssrBuild) {
        this.emitFile({ type: "chunk", id: entryPath(), name: "islands" });
      }
    },
    async resolveId(source, importer, options) {
      if (source === VIRTUAL_ID) return RESOLVED_VIRTUAL_ID;
      if (!importer || !inIslandGraph(importer)) return null;
      const preact = preactFor[source];
      const resolved = await this.resolve(preact ?? source, withoutQuery(importer), {
        ...options,
        skipSelf: true,
      });
      if (!resolved || resolved.external || preact) return resolved;
      const own = resolved.id.startsWith(root) && !resolved.id.includes("/node_modules/");
      if (!own || resolved.id.includes("?")) return resolved;
      return { ...resolved, id: `${resolved.id}${ISLAND_QUERY}` };
    },
    load(id) {
      if (id === RESOLVED_VIRTUAL_ID) return `export default ${JSON.stringify(entryUrl())};`;
      return null;
    },
  };
}

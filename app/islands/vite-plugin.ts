// Builds the islands' browser bundle (app/islands/client.ts) inside the app's
// client build, with Preact in place of React (decision 0022):
// - the client build emits client.ts as an extra entry chunk;
// - every module that client.ts reaches is loaded a second time under the id
//   `<file>?island`, and in those modules `react`, `react-dom` and the JSX
//   runtime resolve to Preact; the same files stay React in the app's bundle;
// - the server build reads the entry's hashed file name and the app's
//   stylesheet from the client build's manifest and hands both to
//   app/root.tsx as `virtual:islands/entry`.
import { readFileSync } from "node:fs";
import path from "node:path";
import type { Plugin } from "vite";

const ENTRY = "app/islands/client.ts";
const STYLESHEET = "app/app.css";
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

  /**
   * The URL the browser loads the islands entry from, and the text of the
   * app's stylesheet, which a marketing page carries inline.
   */
  function islandsModule(): string {
    // In development and in the app's own bundle neither is ever rendered.
    if (command === "serve" || !ssrBuild) return `export default ""; export const styles = "";`;
    const clientDir = path.join(root, clientOutDir);
    const manifestFile = path.join(clientDir, ".vite", "manifest.json");
    const manifest = JSON.parse(readFileSync(manifestFile, "utf8")) as Record<
      string,
      { file: string; src?: string }
    >;
    const chunk = manifest[ENTRY];
    const stylesheet = Object.values(manifest).find(
      (c) => c.src && path.resolve(root, c.src) === path.join(root, STYLESHEET),
    )?.file;
    if (!chunk) throw new Error(`${ENTRY} is missing from ${manifestFile}`);
    if (!stylesheet) throw new Error(`${STYLESHEET} is missing from ${manifestFile}`);
    const styles = readFileSync(path.join(clientDir, stylesheet), "utf8");
    return `export default ${JSON.stringify(`/${chunk.file}`)}; export const styles = ${JSON.stringify(styles)};`;
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
      if (id === RESOLVED_VIRTUAL_ID) return islandsModule();
      return null;
    },
  };
}

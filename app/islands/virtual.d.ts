// The URL of the islands' browser entry and the text of the app's stylesheet,
// from app/islands/vite-plugin.ts (empty outside the server build).
declare module "virtual:islands/entry" {
  const url: string;
  export default url;
  export const styles: string;
}

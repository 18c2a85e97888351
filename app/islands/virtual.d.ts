// The URL of the islands' browser entry, from app/islands/vite-plugin.ts.
declare module "virtual:islands/entry" {
  const url: string;
  export default url;
}

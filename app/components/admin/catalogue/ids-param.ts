/** The ids of `?ids=a,b,c` (a printed or exported batch of cards), or null when none were asked for. */
export function idsOf(request: Request): string[] | null {
  const raw = new URL(request.url).searchParams.get("ids");
  if (raw === null || raw.trim() === "") return null;
  return raw.split(",").slice(0, 500);
}

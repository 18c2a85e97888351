/**
 * The marketing pages' one inline script (decision 0022): once the page has
 * loaded and its first pictures are decoded and painted, it adds the whole
 * stylesheet (the page itself carries only the rules its HTML uses,
 * scripts/critical-css.ts) and then imports the islands' entry. Nothing of it
 * stands between a phone and the first paint.
 */
export function islandsLoader(stylesheetUrl: string, entryUrl: string): string {
  const [css, entry] = [JSON.stringify(stylesheetUrl), JSON.stringify(entryUrl)];
  return [
    `addEventListener("load",()=>Promise.all([...document.images]`,
    `.filter(i=>i.loading!=="lazy").map(i=>i.decode().catch(()=>{})))`,
    `.then(()=>requestAnimationFrame(()=>setTimeout(()=>{`,
    `const l=document.createElement("link");l.rel="stylesheet";l.href=${css};`,
    `l.onload=l.onerror=()=>import(${entry});document.head.append(l)})))`,
    `)`,
  ].join("");
}

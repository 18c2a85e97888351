/**
 * The one inline script of a page without React Router's scripts (decision
 * 0022). Once the page has loaded and its first pictures are decoded and
 * painted, it imports the islands' entry; on a kept marketing page, whose inline
 * styles are only the rules its HTML uses (`<style data-critical>`,
 * server/http/critical-css.ts), it first adds the whole stylesheet, for what the
 * islands add (an open menu, a dialog, a toast). Nothing of it stands between
 * a phone and the first paint.
 */
export function islandsBootScript(stylesheetUrl: string, entryUrl: string): string {
  const [css, entry] = [JSON.stringify(stylesheetUrl), JSON.stringify(entryUrl)];
  return [
    `addEventListener("load",()=>Promise.all([...document.images]`,
    `.filter(i=>i.loading!=="lazy").map(i=>i.decode().catch(()=>{})))`,
    `.then(()=>requestAnimationFrame(()=>setTimeout(()=>{`,
    `const islands=()=>import(${entry});`,
    `if(!document.querySelector("style[data-critical]"))return islands();`,
    `const l=document.createElement("link");l.rel="stylesheet";l.href=${css};`,
    `l.onload=l.onerror=islands;document.head.append(l)})))`,
    `)`,
  ].join("");
}

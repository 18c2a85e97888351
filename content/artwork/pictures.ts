// Every picture of the site's content, with the scene of the artwork that
// draws it: what `npm run images` publishes and content/images.test.ts checks.
import { aboutPage } from "#content/about.ts";
import { brangusPage } from "#content/brangus.ts";
import { campingPage } from "#content/camping.ts";
import { galleryImages } from "#content/gallery.ts";
import { homePage } from "#content/home.ts";
import { type AnyPicture, isUploaded, type Picture } from "#content/images.ts";

export type SitePicture = { scene: string; picture: Picture };

const named = (picture: Picture): SitePicture => ({
  scene: picture.src.slice(picture.src.lastIndexOf("/") + 1),
  picture,
});

/** A picture of the content as built: the farm's replacements live in its media library. */
function built(picture: AnyPicture): Picture {
  if (isUploaded(picture)) throw new Error(`${picture.url} is an upload, not a built picture`);
  return picture;
}

export function sitePictures(): SitePicture[] {
  const list: SitePicture[] = [];
  list.push(...galleryImages.map(named));
  list.push({ scene: "brangus-hero", picture: built(brangusPage.hero) });
  list.push(...brangusPage.gallery.map(named));
  list.push({
    scene: "home-hero",
    picture: { ...homePage.hero.poster, alt: "Campsites by the creek" },
  });
  list.push({
    scene: "home-closing",
    picture: { ...homePage.closing.picture, alt: "Sunset campfire" },
  });
  for (const card of homePage.experiences) {
    const scene = card.link === "/wagyu" ? "brangus-card" : "camping-card";
    list.push({ scene, picture: card.images.mobile });
    list.push({ scene, picture: card.images.tablet });
    list.push({ scene, picture: card.images.desktop });
  }
  list.push({ scene: "about-hero", picture: built(aboutPage.hero) });
  list.push({ scene: "camping-hero", picture: built(campingPage.hero) });
  return list;
}

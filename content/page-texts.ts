// The public pages whose words the farm edits in the back office (issue 30,
// item 2), with their first-run words: the specification's. Paths named in
// `fixed` stay as built, because a script reads them (the camping page's
// search bar is an island with its own copy of its labels). The FAQ's
// questions, the events and the gallery's pictures have screens of their own;
// the Terms are the contract each booking accepts by version, and stay as built. Paths named in
// `pictures` are built pictures the farm may replace from its media library.
import { aboutPage } from "./about";
import { brangusPage } from "./brangus";
import { campingPage } from "./camping";
import { contactPage } from "./contact";
import { eventsPage } from "./events";
import { faqPage } from "./faq";
import { galleryPage } from "./gallery";
import { homePage } from "./home";
import { pettingZooPage } from "./petting-zoo";

export const editablePages = {
  home: { name: "Home", path: "/", defaults: homePage, fixed: [], pictures: [] },
  about: { name: "About Us", path: "/about", defaults: aboutPage, fixed: [], pictures: ["hero"] },
  camping: {
    name: "Camping",
    path: "/camping",
    defaults: campingPage,
    fixed: ["bookingCard.labels", "bookingCard.minimumStayText"],
    pictures: ["hero"],
  },
  brangus: {
    name: "Our Brangus",
    path: "/wagyu",
    defaults: brangusPage,
    fixed: [],
    pictures: ["hero"],
  },
  pettingZoo: {
    name: "Petting Zoo",
    path: "/petting-zoo",
    defaults: pettingZooPage,
    fixed: [],
    pictures: [],
  },
  gallery: { name: "Gallery", path: "/gallery", defaults: galleryPage, fixed: [], pictures: [] },
  faq: { name: "FAQ", path: "/faq", defaults: faqPage, fixed: [], pictures: [] },
  events: { name: "Events", path: "/events", defaults: eventsPage, fixed: [], pictures: [] },
  contact: { name: "Contact", path: "/contact", defaults: contactPage, fixed: [], pictures: [] },
} as const;

export type EditablePage = keyof typeof editablePages;

/** A page's content as the public sees it: its first-run words' shape. */
export type PageContent<K extends EditablePage> = (typeof editablePages)[K]["defaults"];

export const isEditablePage = (key: string): key is EditablePage =>
  Object.hasOwn(editablePages, key);

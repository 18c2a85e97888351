// Our Brangus (spec 2.6), at /wagyu: hero, story, three value cards and the
// 'Meet Our Brangus' gallery of 7 pictures at 4:3.
import { type Picture, replaceable } from "./images";

const picture = (name: string, alt: string): Picture => ({
  src: `/images/brangus/${name}`,
  width: 1200,
  height: 900,
  alt,
});

export const brangusPage = {
  title: "Our Brangus",
  tagline: "Bred on open pasture beside the creek, raised with patience and care.",
  hero: replaceable({
    src: "/images/brangus/hero",
    width: 1600,
    height: 900,
    alt: "Black Brangus cattle grazing on a paddock with hills behind",
  }),
  storyHeading: "The Story of Our Herd",
  story: [
    "Brangus cattle are a cross of Angus and Brahman: the marbling and tenderness of the Angus with the Brahman's hardiness in the Queensland heat. They suit this country, and they suit the way we farm.",
    "Our herd grazes the paddocks of {farm} Station all year round on native grasses and clover, with shade from the old gums and fresh water from the creek. Calves stay with their mothers and are weaned slowly and quietly.",
    "We are a small family operation. We know our animals, we handle them calmly, and we take the time to do things properly, because good beef starts with a good life.",
  ],
  valuesHeading: "What We Stand For",
  values: [
    {
      title: "Premium Quality",
      text: "Well-marbled, tender beef from cattle that grow at their own pace on good pasture.",
    },
    {
      title: "Ethical Farming",
      text: "Low-stress handling, room to roam, and calves raised alongside their mothers.",
    },
    {
      title: "Sustainable Practice",
      text: "Rotational grazing, protected creek banks and healthy soil for the generations after us.",
    },
  ],
  galleryHeading: "Meet Our Brangus",
  galleryIntro: "Select a picture to see it larger.",
  gallery: [
    picture("meet-1", "A Brangus cow looking towards the camera in long grass"),
    picture("meet-2", "Brangus cattle walking in single file along a fence line"),
    picture("meet-3", "A Brangus calf lying in the grass beside its mother"),
    picture("meet-4", "Brangus cattle drinking at the edge of the creek"),
    picture("meet-5", "A Brangus bull standing on a rise in the paddock"),
    picture("meet-6", "A small group of Brangus cattle resting under a gum tree"),
    picture("meet-7", "Brangus cattle grazing at sunrise with mist behind them"),
  ] satisfies Picture[],
};

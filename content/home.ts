// Home (spec 2.3). "{farm}" stands for the farm's name (content/site.ts).
import { hashedFile, type Picture, type ResponsivePicture } from "./images";

export type ExperienceCard = {
  title: string;
  description: string;
  images: ResponsivePicture;
  /** A path of this site, or "booking" for the external booking listing. */
  link: string;
  linkText: string;
  external: boolean;
};

export type GuestQuote = { quote: string; author: string; type: string };

const cardImages = (name: string, alt: string): ResponsivePicture => ({
  mobile: { src: `/images/home/${name}-mobile`, width: 800, height: 800, alt },
  tablet: { src: `/images/home/${name}-tablet`, width: 1200, height: 675, alt },
  desktop: { src: `/images/home/${name}-desktop`, width: 1200, height: 900, alt },
});

export const homePage = {
  nextEventHeading: "Next at the farm",
  allEventsLabel: "All events",
  hero: {
    headline: "Adventure Starts Here",
    subline: "Experience Queensland's Premier Camping Destination",
    bookLabel: "Book Your Campsite",
    eventsLabel: "See What's On",
    poster: {
      src: "/images/home/hero",
      width: 1600,
      height: 900,
      alt: "",
    } satisfies Picture,
    /** A short silent loop (at most 300 KB); the poster alone is shown when motion is reduced. */
    video: { src: hashedFile("/media/hero.webm"), type: "video/webm" },
  },
  intro: {
    heading: "Discover the Magic of {farm} Station",
    paragraphs: [
      "Over 800 acres of rolling paddocks, gum-lined creek flats and bush trails in the Woolooga hills, with a herd of Brangus cattle for neighbours.",
      "Pitch a tent or park the van by the water, throw in a line, paddle the creek, and finish the day around the campfire under a sky full of stars.",
    ],
    buttonLabel: "Learn More About Us",
    buttonLink: "/about",
  },
  experiencesHeading: "Experiences on the Farm",
  experiences: [
    {
      title: "Camping and Caravan",
      description:
        "Creekside sites for tents, swags and caravans with room to spread out, campfires allowed and your dog welcome on a leash.",
      images: cardImages(
        "camping-card",
        "A tent and a caravan set up on a grassy flat beside the creek",
      ),
      link: "booking",
      linkText: "Book a Camp Site",
      external: true,
    },
    {
      title: "Our Brangus",
      description:
        "Meet the herd that calls the station home and learn how we raise premium Brangus beef the patient way.",
      images: cardImages("brangus-card", "Black Brangus cattle grazing in a green paddock"),
      link: "/wagyu",
      linkText: "Explore our Brangus",
      external: false,
    },
  ] satisfies ExperienceCard[],
  quotesHeading: "What Our Guests Say",
  quotes: [
    {
      quote:
        "The most peaceful weekend we've had in years. The kids fished the creek all day and we fell asleep to the sound of the water. We're already planning our next trip.",
      author: "Sarah M.",
      type: "Camping Guests",
    },
    {
      quote:
        "Beautiful spot with plenty of space between sites. Seeing the cattle wander past in the morning was a highlight, and the hosts were so welcoming.",
      author: "Daniel K.",
      type: "Camping Guests",
    },
  ] satisfies GuestQuote[],
  closing: {
    heading: "Ready for Your Farm Stay?",
    text: "Book your creekside site today, or get in touch if you have any questions.",
    bookLabel: "Book Now",
    contactLabel: "Contact Us",
    /** Behind the closing call to action, dimmed, so decorative. */
    picture: { src: "/images/home/closing", width: 1600, height: 900, alt: "" } satisfies Picture,
  },
};

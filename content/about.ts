// About (spec 2.4). "{farm}" stands for the farm's name.
import { replaceable } from "./images";

export const aboutPage = {
  title: "About Us",
  subtitle: "Your Escape Starts Here",
  hero: replaceable({
    src: "/images/about/hero",
    width: 1600,
    height: 900,
    alt: "Paddocks and gum trees along the creek at golden hour",
  }),
  paragraphs: [
    "{farm} Station spreads over more than 800 acres of rolling paddocks, open grassland and shady gum country in the hills near Woolooga, in rural Queensland. There is room to breathe here, and plenty of sky.",
    "We are a working Brangus cattle farm. Our herd grazes the paddocks all year round, and you will often see the cattle from your campsite, especially early in the morning and late in the afternoon.",
    "The creek winds right through the property. Bring a rod and try your luck fishing, or bring a kayak and paddle the calm stretches; on a warm day there is no better place to cool off.",
    "Our creekside campsites sit on grassy flats under the trees, with walking trails leading out through the bush and along the water. Whether you come for a night or a week, you are welcome to slow down and make yourself at home.",
  ],
};

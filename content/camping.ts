// The camping page (spec 2.7). "{farm}" stands for the farm's name.
import { replaceable } from "./images";

export const campingPage = {
  title: "Camping at {farm} Station",
  subtitle: "Creekside camping on a working Brangus cattle farm",
  hero: replaceable({
    src: "/images/camping/hero",
    width: 1600,
    height: 900,
    alt: "Tents and a caravan on the grassy creek flats under tall gum trees",
  }),
  intro: [
    "Set up camp on wide grassy flats along the creek, with the paddocks on one side and the bush on the other. Sites are spacious, so there is room for the tent, the van, the kids and the dog.",
    "Bring everything you need to be self-sufficient, including drinking water and a portable toilet. Fires are welcome in the fire rings, and there is firewood on the property for campers.",
  ],
  highlightsHeading: "At a Glance",
  highlights: [
    { title: "No-power sites", text: "from $45/night" },
    { title: "Powered sites", text: "$65/night" },
    { title: "Free firewood", text: "for your campfire" },
    { title: "Dog friendly", text: "on a leash at all times" },
  ],
  hoursHeading: "Good to Know",
  hours: [
    "Check-in between 12pm and 5pm",
    "Checkout by 10am",
    "All arrivals by 6:00pm",
    "Quiet hours 10pm to 7am",
    "Generators 8am to 7pm only",
  ],
  bookingCard: {
    heading: "Book Your Campsite",
    text: "Choose your dates and the size of your group to see the sites free for your stay.",
    /** The third-party search bar's minimum-stay tooltip, per night count. */
    minimumStayText: { one: "Minimum {minStay} night", other: "Minimum {minStay} nights" },
    labels: {
      checkIn: "Check-in",
      checkOut: "Check-out",
      adults: "Adults",
      children: "Children",
      infants: "Infants",
      pets: "Pets",
      location: "Location",
      search: "Search",
    },
  },
};

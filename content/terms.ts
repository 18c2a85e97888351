// Terms and Conditions of Entry and Occupation (spec 2.9): 23 numbered
// sections and the closing acknowledgement. "{farm}" stands for the farm's name.

export type TermsSection = { title: string; paragraphs: string[] };

/** The section whose first paragraph is the cancellation policy's own words (issue 30). */
export const REFUNDS_SECTION = "Refunds";

export const termsPage = {
  title: "Terms and Conditions of Entry and Occupation",
  intro:
    "{farm} Station is a working cattle farm. These terms apply to every person who enters or occupies the property, including campers, day visitors and their guests. Please read them carefully before you arrive.",
  acknowledgementHeading: "Acknowledgement",
  acknowledgement:
    "By booking a campsite, entering or occupying {farm} Station, you acknowledge that you have read, understood and agree to be bound by these Terms and Conditions of Entry and Occupation, on behalf of yourself and every person in your group.",
};

export const termsSections: TermsSection[] = [
  {
    title: "Entry to the Property",
    paragraphs: [
      "Entry to {farm} Station is by permission of the owners only. Permission may be withdrawn at any time, and every person on the property must follow the reasonable directions of the owners and their staff.",
    ],
  },
  {
    title: "Recreational Use Only",
    paragraphs: [
      "The property may be used for recreational camping and day visits only. No commercial activity, filming for commercial purposes, hunting or events may take place without the owners' written consent.",
    ],
  },
  {
    title: "Firearms and Weapons",
    paragraphs: [
      "No firearms, bows, crossbows or other weapons may be brought onto or used on the property under any circumstances.",
    ],
  },
  {
    title: "Illegal Activity",
    paragraphs: [
      "No illegal activity of any kind is permitted on the property, including the use or supply of illegal drugs. Any illegal activity will be reported to the police.",
    ],
  },
  {
    title: "Fires",
    paragraphs: [
      "Fires may be lit only in the designated fire rings, and never during a fire ban declared for the area. Fires must be attended at all times and fully extinguished with water before you leave them or go to sleep.",
    ],
  },
  {
    title: "Dogs and Pets",
    paragraphs: [
      "Dogs must be kept on a leash at all times and under the control of their owner. Owners must clean up after their dogs. Dogs must not approach, chase or disturb livestock or wildlife.",
    ],
  },
  {
    title: "Trees",
    paragraphs: [
      "Climbing trees is not permitted. Do not cut, break or damage any living tree or branch.",
    ],
  },
  {
    title: "Fences, Livestock and Farm Plant",
    paragraphs: [
      "Do not touch, climb or lean on fences, and do not enter paddocks. Do not touch, feed or approach the livestock. Do not touch or operate any farm machinery, equipment, troughs, pumps or other farm plant.",
    ],
  },
  {
    title: "Swing Set and Playground",
    paragraphs: [
      "The swing set is for children under 13 only, and children must be supervised by an adult while using it.",
    ],
  },
  {
    title: "Supervision of Children",
    paragraphs: [
      "Children must be supervised by a responsible adult at all times, and especially near the creek, the fire rings, vehicles and livestock.",
    ],
  },
  {
    title: "Noise",
    paragraphs: [
      "Noise must be kept to a minimum between 10pm and 7am. Please be considerate of other campers and of the animals at all times.",
    ],
  },
  {
    title: "Generators",
    paragraphs: ["Generators may be used only between 8am and 7pm."],
  },
  {
    title: "Arrival and Departure",
    paragraphs: [
      "Check-in is between 12pm and 5pm, and all arrivals must be by 6:00pm. Checkout is by 10am on the day of departure. Late arrivals may be refused entry.",
    ],
  },
  {
    title: "Drinking Water and Toilets",
    paragraphs: [
      "The property has no drinking water supply, showers or toilets for campers. Campers must bring their own drinking water and their own portable toilet, and take all waste with them.",
    ],
  },
  {
    title: "Rubbish",
    paragraphs: [
      "Take all of your rubbish home with you. Leave your campsite clean and as you found it.",
    ],
  },
  {
    title: "Vehicles",
    paragraphs: [
      "Keep to the marked tracks and drive at walking pace on the property. Do not drive into paddocks or along the creek banks.",
    ],
  },
  {
    title: "Gates",
    paragraphs: ["Leave every gate as you found it: closed gates closed, open gates open."],
  },
  {
    title: "The Creek",
    paragraphs: [
      "Swimming, paddling and fishing in the creek are at your own risk. Water levels and conditions change quickly after rain; never enter flowing floodwater.",
    ],
  },
  {
    title: "Wildlife",
    paragraphs: [
      "Native wildlife is protected. Do not feed, disturb or harm any animal, and store your food securely.",
    ],
  },
  {
    title: "Risk and Liability",
    paragraphs: [
      "A working farm has natural hazards, including uneven ground, livestock, wildlife, insects, water and weather. You enter and occupy the property at your own risk, and you are responsible for the safety of your group and your belongings. To the extent permitted by law, the owners accept no liability for injury, loss or damage.",
    ],
  },
  {
    title: "Damage to Property",
    paragraphs: [
      "You are responsible for any damage to the property, livestock, fences or equipment caused by you, your group or your animals, and may be charged the cost of repair.",
    ],
  },
  {
    title: REFUNDS_SECTION,
    // The policy's words come first (policyInGeneral); the rest is the farm's own.
    paragraphs: [
      "Any other request for a refund must be made in writing; each request is reviewed on its merits and a refund is not guaranteed.",
    ],
  },
  {
    title: "Breach of These Terms",
    paragraphs: [
      "Any breach of these terms may lead to your immediate eviction from the property, without a refund.",
    ],
  },
];

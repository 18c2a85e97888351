// The FAQ (spec 2.8): 12 questions in one single-open accordion; these are
// the first-run questions, which the owner edits in the back office (issue 30).
// The cancellation answer is written from the cancellation policy the booking
// engine applies (its answer here is null), so the two never disagree.

import type { FaqItem } from "#domain/forms/faq.ts";

export type FaqEntry = { question: string; answer: string };

export const faqPage = {
  title: "Frequently Asked Questions",
  intro: "Everything you need to know before you pack the car.",
  stillHaveQuestions: {
    heading: "Still have questions?",
    text: "We're happy to help. Give us a call or send us an email.",
    callLabel: "Call us",
    emailLabel: "Email us",
  },
};

export const defaultFaq: FaqItem[] = [
  {
    question: "What are the check-in and check-out times?",
    answer:
      "Check-in is from 12pm to 5pm, and checkout is by 10am on the day you leave. All arrivals must be on site by 6:00pm.",
  },
  {
    question: "Are dogs allowed?",
    answer:
      "Yes, well-behaved dogs are welcome, but they must be kept on a leash at all times. We are a working cattle farm, so please keep your dog close and clean up after it.",
  },
  {
    question: "Do you have powered sites?",
    answer:
      "We offer unpowered sites only, so come self-sufficient. Generators may be run between 8am and 7pm.",
  },
  {
    question: "Are there showers or toilets?",
    answer:
      "No, there are no showers or toilets on the property. Please bring your own portable toilet and enough drinking water for your stay.",
  },
  {
    question: "Can we have a campfire?",
    answer:
      "Yes, campfires are allowed in the designated fire rings, as set out in our Terms and Conditions. Always check for fire bans before you light up and never leave a fire unattended.",
  },
  {
    question: "Can we buy firewood on site?",
    answer:
      "Firewood is not yet for sale on the property. We recommend bringing your own or collecting it on the way.",
  },
  {
    question: "Is there mobile reception or WiFi?",
    answer:
      "Mobile reception is patchy across the property and depends on your carrier. WiFi is available near the main facilities.",
  },
  {
    question: "What activities are there?",
    answer:
      "Fishing and paddling in the creek, bush walks along the trails, watching the cattle and the wildlife, the adventure playground for the kids, and stargazing on clear nights.",
  },
  {
    question: "How far in advance should I book?",
    answer:
      "We recommend booking 2-4 weeks ahead, or 2-3 months ahead for peak periods such as school holidays and long weekends.",
  },
  {
    question: "What should I bring?",
    answer:
      "Your tent or caravan, drinking water, a portable toilet, food, a torch, insect repellent, sunscreen, warm layers for the evenings, a leash for your dog, and your fishing gear or kayak if you have them.",
  },
  {
    question: "Can we see the cattle?",
    answer:
      "Yes! Our Brangus herd grazes the paddocks around the campsites and you will often see them from your site. Please admire them from the fence line and never enter a paddock or touch the livestock.",
  },
  {
    question: "What is your cancellation policy?",
    answer: null,
  },
];

// The petting zoo (spec 2.10): under construction.
export const pettingZooPage = {
  title: "Petting Zoo",
  status: "Under Construction",
  text: "We're busy building a petting zoo where little ones can meet our friendliest farm animals. It isn't open yet; check back soon!",
  backLabel: "Back to Home",
};

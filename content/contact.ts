// Contact (spec 2.11): the page's words, which the farm edits (issue 30), and
// the words of its form and toasts (spec 8), which the form's island reads.
export const contactPage = {
  title: "Get in Touch",
  intro:
    "Questions about camping, the farm or our Brangus? Call us, or send a message and we'll reply as soon as we can.",
  infoHeading: "Contact Information",
  phoneLabel: "Phone",
  addressLabel: "Address",
  emailLabel: "Email",
  formHeading: "Send us a Message",
};

export const contactForm = {
  fields: { name: "Name", email: "Email", message: "Message" },
  submitLabel: "Send Message",
  sendingLabel: "Sending…",
  success: "Message sent successfully! We'll get back to you soon.",
  failure: "Failed to send message. Please try again.",
};

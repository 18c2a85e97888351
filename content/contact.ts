// Contact (spec 2.11) and the texts of its toasts (spec 8).
export const contactPage = {
  title: "Get in Touch",
  intro:
    "Questions about camping, the farm or our Brangus? Call us, or send a message and we'll reply as soon as we can.",
  infoHeading: "Contact Information",
  phoneLabel: "Phone",
  addressLabel: "Address",
  emailLabel: "Email",
  formHeading: "Send us a Message",
  fields: { name: "Name", email: "Email", message: "Message" },
  submitLabel: "Send Message",
  sendingLabel: "Sending…",
  success: "Message sent successfully! We'll get back to you soon.",
  failure: "Failed to send message. Please try again.",
};

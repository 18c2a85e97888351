// The public pages whose HTML is the same for every visitor: rendered once by
// each app process and kept until the farm changes what they show (decision
// 0029): the farm's details, its pages, FAQ, events or pictures. /events also
// moves on with the farm's date: no page is kept longer than a minute.
export const keptPublicPaths: string[] = [
  "/",
  "/about",
  "/gallery",
  "/wagyu",
  "/camping",
  "/faq",
  "/policies",
  "/petting-zoo",
  "/contact",
  "/events",
];

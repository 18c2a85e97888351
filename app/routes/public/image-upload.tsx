import { redirect } from "react-router";

// An old address of the site: it only leads home (spec 2.1).
export function loader() {
  return redirect("/", 301);
}

import { data } from "react-router";

// Any path no other route matches: the root ErrorBoundary shows the 404 page.
export function loader() {
  throw data(null, { status: 404 });
}

export default function NotFound() {
  return null;
}

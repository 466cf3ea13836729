import { NotFoundState } from "../ui/states";

/** The catch-all: an unknown address shows the spec's 'This page does not exist' where it was typed. */
export function NotFound() {
  return <NotFoundState homeHref="/" homeLabel="Go to My dashboard" />;
}

// The client bundle's stand-in for fast-check. Effect's Schema links property-test arbitraries
// (Arbitrary, FastCheck) that the app never calls at run time; this keeps ~45 KB of fast-check
// out of the browser. Using an arbitrary in client code would fail loudly here.
export const __unavailable = () => {
  throw new Error("fast-check is not part of the client bundle");
};

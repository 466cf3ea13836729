/**
 * This tab's random id, sent with every request (X-Meridian-Tab): the server records it with the
 * events a request causes and leaves them out of this tab's event stream only, since this tab
 * folded them already; the person's other tabs receive them like anyone's. A new id per page load.
 */
export const TAB_ID = randomUuid();

/** A v4 uuid; crypto.randomUUID exists only in secure contexts, getRandomValues everywhere. */
function randomUuid(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

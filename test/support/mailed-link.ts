import type { ServerProcess } from "./server-process";

/** From a browser test: the link of the newest mail to `to` that the embedded outbox printed to the server's log. */
export async function mailedLink(server: ServerProcess, to: string): Promise<string> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const mail = server.output().split("\n").findLast((line) => line.includes(to) && line.includes("/password/reset/confirm/"));
    const link = mail ? /(\/password\/reset\/confirm\/[^\s"\\]+)/.exec(mail)?.[1] : undefined;
    if (link) return link;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no mail with a link to ${to} in the log`);
}

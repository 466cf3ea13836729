import { test } from "uvu";
import * as assert from "uvu/assert";
import { useServerAndBrowser } from "../support/e2e";
import { openSignInPage, signIn, waitForShell } from "../support/person";

const e2e = useServerAndBrowser(test);

/** An embed token for Demo GmbH, asked for by the investor instance's user. */
async function embedTokenForDemoGmbh(): Promise<string> {
  const signIn = await fetch(`${e2e.server.url}/auth-api/auth/token/`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email: "investor@atlas.example", password: "meridian-demo" }) });
  const { access } = (await signIn.json()) as { access: string };
  const headers = { authorization: `Bearer ${access}`, "content-type": "application/json" };
  const instances = (await (await fetch(`${e2e.server.url}/api/oauth/instances/`, { headers })).json()) as { id: number; instance_name: string }[];
  const demo = instances.find((instance) => instance.instance_name === "Demo GmbH")!;
  const grant = await fetch(`${e2e.server.url}/api/oauth/authorize/`, { method: "POST", headers, body: JSON.stringify({ instance_id: demo.id }) });
  return ((await grant.json()) as { token: string }).token;
}

test("an investor instance opens a portfolio company in a frame: the token comes by postMessage, the frame takes the theme, the parent's session stays its own", async () => {
  const context = await e2e.browser.createBrowserContext();
  const page = await context.newPage();
  await openSignInPage(page, e2e.server.url);
  await signIn(page, "investor@atlas.example");
  await waitForShell(page);

  const token = await embedTokenForDemoGmbh();
  // The parent's side of the protocol: answer the frame's request with the token and a theme.
  await page.evaluate((embedToken) => {
    window.addEventListener("message", (event) => {
      if ((event.data as { type?: string })?.type === "meridian:embed-token-request") {
        (event.source as Window).postMessage({ type: "meridian:embed-login", token: embedToken, theme: "light" }, location.origin);
      }
    });
    const frame = document.createElement("iframe");
    frame.src = "/iframelogin";
    frame.style.width = "1200px";
    frame.style.height = "700px";
    frame.dataset["testid"] = "portfolio-frame";
    document.body.append(frame);
  }, token);

  const handle = await page.waitForSelector("iframe[data-testid=portfolio-frame]");
  const frame = (await handle!.contentFrame())!;
  await frame.waitForSelector("[data-testid=logout-button]", { timeout: 15_000 });
  assert.match(await frame.$eval("header", (element) => element.textContent ?? ""), /Demo GmbH/);
  assert.is(await frame.evaluate(() => document.documentElement.dataset["theme"]), "light");
  assert.not.match(await frame.evaluate(() => location.href), /token/, "the token never travels in the URL");

  assert.match(await page.$eval("header", (element) => element.textContent ?? ""), /Atlas Ventures/);
  await page.reload();
  await page.waitForSelector("[data-testid=logout-button]");
  assert.match(await page.$eval("header", (element) => element.textContent ?? ""), /Atlas Ventures/, "the parent is still the investor after a reload");
  await context.close();
});

test.run();

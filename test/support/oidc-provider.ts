import { createServer, type Server } from "node:http";
import Provider from "oidc-provider";

/**
 * A real OpenID Connect provider (oidc-provider) on loopback, with its development login and
 * consent pages: any login name signs in as the account of that name.
 */
export async function startOidcProvider(options: { clientId: string; clientSecret: string; redirectUri: string }) {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const issuer = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  const provider = new Provider(issuer, {
    clients: [{ client_id: options.clientId, client_secret: options.clientSecret, redirect_uris: [options.redirectUri], grant_types: ["authorization_code"], response_types: ["code"] }],
    pkce: { required: () => true },
    findAccount: async (_ctx: unknown, id: string) => ({ accountId: id, claims: async () => ({ sub: id, email: `${id}@idp.example` }) }),
    claims: { openid: ["sub"], email: ["email"] },
    features: { devInteractions: { enabled: true } },
    cookies: { keys: ["test-cookie-key-for-the-provider"] },
  });
  provider.proxy = false;
  server.on("request", provider.callback());
  return { issuer, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/**
 * Walks the provider's development login and consent pages as a browser would (cookies kept,
 * redirects followed by hand) and returns the redirect back to the app, with code and state.
 */
export async function signInAtProvider(authorizationUrl: string, login: string): Promise<URL> {
  const cookies = new Map<string, string>();
  const remember = (response: Response) => {
    for (const header of response.headers.getSetCookie()) {
      if (process.env["SSO_DEBUG"]) console.log("set-cookie", header);
      const [pair] = header.split(";");
      const [name, ...value] = pair!.split("=");
      cookies.set(name!.trim(), value.join("="));
    }
  };
  const cookieHeader = () => [...cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  let url = new URL(authorizationUrl);
  let body: URLSearchParams | undefined;
  for (let hop = 0; hop < 20; hop++) {
    if (process.env["SSO_DEBUG"]) console.log(body ? "POST" : "GET", url.href);
    const response = await fetch(url, {
      method: body ? "POST" : "GET",
      redirect: "manual",
      headers: { cookie: cookieHeader(), ...(body ? { "content-type": "application/x-www-form-urlencoded" } : {}) },
      ...(body ? { body } : {}),
    });
    remember(response);
    body = undefined;
    const location = response.headers.get("location");
    if (location) {
      const next = new URL(location, url);
      if (next.origin !== url.origin && !next.pathname.startsWith("/auth")) return next; // back to the app
      url = next;
      continue;
    }
    const html = await response.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    if (!action) throw new Error(`no form on ${url}: ${html.slice(0, 300)}`);
    const prompt = /name="prompt" value="([^"]+)"/.exec(html)?.[1] ?? "login";
    body = new URLSearchParams(prompt === "login" ? { prompt, login, password: "any" } : { prompt });
    url = new URL(action.replaceAll("&amp;", "&"), url);
  }
  throw new Error("the provider never redirected back");
}

import * as oidc from "openid-client";
import type { SsoProviderConfig } from "../../config";

/**
 * OpenID Connect with openid-client: discovery (cached per provider, retried after a failure),
 * the authorization URL with PKCE (S256), state and nonce, and the code exchange that checks
 * all three and the ID token.
 */
export interface OidcFlow {
  readonly verifier: string;
  readonly state: string;
  readonly nonce: string;
}

const configurations = new Map<string, Promise<oidc.Configuration>>();

/** Plain http is allowed only for an issuer on this machine (development and tests). */
const isLoopback = (issuer: string) => ["127.0.0.1", "localhost", "[::1]"].includes(new URL(issuer).hostname);

function configurationOf(provider: SsoProviderConfig): Promise<oidc.Configuration> {
  const key = `${provider.issuer} ${provider.clientId}`;
  let configuration = configurations.get(key);
  if (!configuration) {
    configuration = oidc.discovery(new URL(provider.issuer), provider.clientId, provider.clientSecret, undefined, isLoopback(provider.issuer) ? { execute: [oidc.allowInsecureRequests] } : undefined);
    configuration.catch(() => configurations.delete(key));
    configurations.set(key, configuration);
  }
  return configuration;
}

export async function authorizationUrl(provider: SsoProviderConfig, redirectUri: string): Promise<{ url: string; flow: OidcFlow }> {
  const configuration = await configurationOf(provider);
  const flow = { verifier: oidc.randomPKCECodeVerifier(), state: oidc.randomState(), nonce: oidc.randomNonce() };
  const url = oidc.buildAuthorizationUrl(configuration, {
    redirect_uri: redirectUri,
    scope: "openid email profile",
    code_challenge: await oidc.calculatePKCECodeChallenge(flow.verifier),
    code_challenge_method: "S256",
    state: flow.state,
    nonce: flow.nonce,
  });
  return { url: url.href, flow };
}

/** Exchanges the code; the provider's subject of the signed-in account, or an error. */
export async function completeAuthorization(provider: SsoProviderConfig, redirectUri: string, callback: Record<string, string>, flow: OidcFlow): Promise<{ subject: string; email: string | null }> {
  const configuration = await configurationOf(provider);
  const currentUrl = new URL(redirectUri);
  for (const [key, value] of Object.entries(callback)) currentUrl.searchParams.set(key, value);
  const tokens = await oidc.authorizationCodeGrant(configuration, currentUrl, { pkceCodeVerifier: flow.verifier, expectedState: flow.state, expectedNonce: flow.nonce, idTokenExpected: true });
  const claims = tokens.claims();
  if (!claims?.sub) throw new Error("The provider's answer names no account.");
  return { subject: claims.sub, email: typeof claims["email"] === "string" ? claims["email"] : null };
}

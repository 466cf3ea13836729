import { useEffect, useRef } from "react";
import { Link, useSearch } from "wouter";
import type { AppState } from "../../../app/state";
import { useDispatch, useModel } from "../../../bus/use-model";
import { Alert } from "../../../ui/alert";
import { AuthForm, AuthPage } from "../../../ui/auth-page";
import { LoadingState } from "../../../ui/states";

/** /oauth: where a single sign-on provider sends the browser back, with a code or an error. */
export default function OAuthScreen() {
  const dispatch = useDispatch();
  const params = new URLSearchParams(useSearch());
  const sso = useModel((state: AppState) => state.account.sso);
  const sent = useRef(false);
  const code = params.get("code");
  const state = params.get("state");
  const providerError = params.get("error_description") ?? params.get("error");

  useEffect(() => {
    if (sent.current || !code || !state) return;
    sent.current = true;
    dispatch({ _tag: "CompleteSso", code, state, iss: params.get("iss") ?? "" });
  }, [code, state, dispatch, params]);

  const failure = providerError ? `The provider did not sign you in: ${providerError}` : !code || !state ? "This address needs the answer of a sign-in provider." : sso.status === "error" ? sso.message : null;
  return (
    <AuthPage>
      <AuthForm as="div">
        <h1>Single sign-on</h1>
        {failure ? (
          <>
            <Alert tone="danger">{failure}</Alert>
            <Link href="/login">Back to sign-in</Link>
          </>
        ) : sso.status === "linked" ? (
          <>
            <Alert tone="success">Your account is linked. From now on you can sign in with it.</Alert>
            <Link href="/settings/two-factor-auth">Back to your settings</Link>
          </>
        ) : (
          <LoadingState label="Signing you in…" />
        )}
      </AuthForm>
    </AuthPage>
  );
}

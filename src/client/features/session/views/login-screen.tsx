import { useEffect, useState, type FormEvent } from "react";
import { styled } from "styled-components";
import { fieldMessagesText } from "../../../../domain/errors/display";
import { useAppConfig } from "../../../app/config-context";
import type { AppState } from "../../../app/state";
import { useDispatch, useModel } from "../../../bus/use-model";
import { Link } from "wouter";
import { AuthForm, AuthPage } from "../../../ui/auth-page";
import { Button, DangerAlert, Field } from "../../../ui/primitives";

const Demo = styled.section`
  margin-top: 20px;
  font-size: 13px;
  color: ${(p) => p.theme.textMuted};
  code { color: ${(p) => p.theme.text}; }
  ul { padding-left: 18px; margin: 6px 0 0; }
`;

/** /login: e-mail and password; the server's messages in a danger alert. */
export default function LoginScreen() {
  const dispatch = useDispatch();
  const config = useAppConfig();
  const signIn = useModel((state: AppState) => state.session.signIn);
  const signedOutReason = useModel((state: AppState) => state.session.signedOutReason);
  const providers = useModel((state: AppState) => state.account.sso.providers);
  const returnTo = useModel((state: AppState) => state.session.returnTo);
  useEffect(() => dispatch({ _tag: "LoadSsoProviders" }), [dispatch]);
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");

  const submit = (event: FormEvent) => {
    event.preventDefault();
    dispatch({ _tag: "SignIn", email, password });
  };

  return (
    <AuthPage>
        <AuthForm method="post" onSubmit={submit} aria-labelledby="login-title">
          <h1 id="login-title">Sign in to Meridian</h1>
          {signedOutReason === "idle" && <p>You were signed out after a period without activity.</p>}
          {signIn.status === "error" && <DangerAlert>{fieldMessagesText(signIn.fields) || signIn.message}</DangerAlert>}
          <Field>
            E-mail
            <input type="email" name="email" autoComplete="username" required value={email} onChange={(event) => setEmail(event.target.value)} />
          </Field>
          <Field>
            Password
            <input type="password" name="password" autoComplete="current-password" required value={password} onChange={(event) => setPassword(event.target.value)} />
          </Field>
          <Button type="submit" $variant="primary" disabled={signIn.status === "loading"}>
            {signIn.status === "loading" ? "Signing in…" : "Sign in"}
          </Button>
          <Link href="/forgetpassword">Forgot password?</Link>
          {providers.map((provider) => (
            <Button key={provider.name} type="button" onClick={() => dispatch({ _tag: "StartSso", provider: provider.name, next: returnTo ?? "/my-dashboard" })}>
              Sign in with {provider.label}
            </Button>
          ))}
        </AuthForm>
        {config.demo && (
          <Demo aria-label="Demo logins" data-testid="demo-hint">
            Demo mode: every account uses the password <code>{config.demo.password}</code>.
            <ul>
              {config.demo.logins.map((login) => (
                <li key={login.email}>
                  <code>{login.email}</code> — {login.role}, {login.company}
                </li>
              ))}
            </ul>
          </Demo>
        )}
    </AuthPage>
  );
}

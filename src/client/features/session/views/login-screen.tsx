import { useEffect, useState, type FormEvent } from "react";
import { Link } from "wouter";
import { styled } from "styled-components";
import { useAppConfig } from "../../../app/config-context";
import type { AppState } from "../../../app/state";
import { useDispatch, useModel } from "../../../bus/use-model";
import { Alert } from "../../../ui/alert";
import { AuthForm, AuthPage } from "../../../ui/auth-page";
import { Button } from "../../../ui/button";
import { FormField } from "../../../ui/form-field";
import { TextInput } from "../../../ui/inputs";
import { SPACE, TYPE_SCALE } from "../../../ui/tokens";
import { formErrors } from "../../account/form-errors";

/**
 * /login: e-mail and password. The server's messages about a field stand under that field;
 * the rest ('No user found for the given credentials') in an alert above the form.
 */
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
  const errors = formErrors(signIn.status === "error" ? signIn.fields : {}, ["email", "password"]);
  const general = errors.rest || (signIn.status === "error" && Object.keys(errors.byField).length === 0 ? signIn.message : null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    dispatch({ _tag: "SignIn", email, password });
  };

  return (
    <AuthPage>
      <AuthForm method="post" onSubmit={submit} aria-labelledby="login-title">
        <h1 id="login-title">Sign in to Meridian</h1>
        {signedOutReason === "idle" && <Alert tone="info">You were signed out after a period without activity.</Alert>}
        {general ? <Alert tone="danger">{general}</Alert> : null}
        <FormField label="E-mail" error={errors.byField["email"]}>
          <TextInput type="email" name="email" autoComplete="username" required value={email} onChange={(event) => setEmail(event.target.value)} />
        </FormField>
        <FormField label="Password" error={errors.byField["password"]}>
          <TextInput type="password" name="password" autoComplete="current-password" required value={password} onChange={(event) => setPassword(event.target.value)} />
        </FormField>
        <Button type="submit" variant="primary" busy={signIn.status === "loading"}>
          Sign in
        </Button>
        <Link href="/forgetpassword">Forgot password?</Link>
        {providers.length > 0 && (
          <Providers aria-label="Single sign-on">
            {providers.map((provider) => (
              <Button key={provider.name} onClick={() => dispatch({ _tag: "StartSso", provider: provider.name, next: returnTo ?? "/my-dashboard" })}>
                Sign in with {provider.label}
              </Button>
            ))}
          </Providers>
        )}
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

const Providers = styled.section`
  display: grid;
  gap: ${SPACE.sm};
  padding-top: ${SPACE.md};
  border-top: 1px solid ${(p) => p.theme.border};
`;

const Demo = styled.section`
  margin-top: ${SPACE.xl};
  max-width: 400px;
  font-size: ${TYPE_SCALE.sm.size};
  line-height: ${TYPE_SCALE.sm.lineHeight};
  color: ${(p) => p.theme.textMuted};
  overflow-wrap: anywhere;
  code { color: ${(p) => p.theme.text}; }
  ul { padding-left: ${SPACE.lg}; margin: ${SPACE.xs} 0 0; }
`;

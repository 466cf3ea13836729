import { useState, type FormEvent } from "react";
import { styled } from "styled-components";
import { fieldMessagesText } from "../../../../domain/errors/display";
import { useAppConfig } from "../../../app/config-context";
import type { AppState } from "../../../app/state";
import { useDispatch, useModel } from "../../../bus/use-model";
import { Button, Card, DangerAlert, Field } from "../../../ui/primitives";

const Page = styled.main`
  min-height: 100vh;
  display: grid;
  place-items: center;
  padding: 24px;
`;

const Form = styled.form`
  display: grid;
  gap: 16px;
  width: min(400px, 100%);
  h1 { margin: 0; font-size: 24px; letter-spacing: -0.02em; }
`;

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
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");

  const submit = (event: FormEvent) => {
    event.preventDefault();
    dispatch({ _tag: "SignIn", email, password });
  };

  return (
    <Page>
      <Card>
        <Form onSubmit={submit} aria-labelledby="login-title">
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
        </Form>
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
      </Card>
    </Page>
  );
}

import { useState, type FormEvent } from "react";
import { Link } from "wouter";
import { fieldMessagesText } from "../../../../domain/errors/display";
import type { AppState } from "../../../app/state";
import { useDispatch, useModel } from "../../../bus/use-model";
import { AuthForm, AuthPage } from "../../../ui/auth-page";
import { Button, DangerAlert, Field } from "../../../ui/primitives";

/** /login/mfa: the code from the authenticator app, after the password. */
export default function MfaScreen() {
  const dispatch = useDispatch();
  const step = useModel((state: AppState) => state.account.secondFactorStep);
  const [passcode, setPasscode] = useState("");
  const submit = (event: FormEvent) => {
    event.preventDefault();
    dispatch({ _tag: "VerifySignInCode", passcode: passcode.replace(/\s/g, "") });
  };
  return (
    <AuthPage>
      <AuthForm method="post" onSubmit={submit} aria-labelledby="mfa-title">
        <h1 id="mfa-title">Two-factor authentication</h1>
        <p>Enter the 6-digit code from your authenticator app{step.email ? ` for ${step.email}` : ""}.</p>
        {step.status === "error" && <DangerAlert>{fieldMessagesText(step.fields) || step.message}</DangerAlert>}
        <Field>
          Code
          <input name="passcode" inputMode="numeric" autoComplete="one-time-code" pattern="[0-9 ]{6,7}" maxLength={7} required autoFocus value={passcode} onChange={(event) => setPasscode(event.target.value)} />
        </Field>
        <Button type="submit" $variant="primary" disabled={step.status === "loading"}>
          {step.status === "loading" ? "Checking…" : "Verify"}
        </Button>
        <Link href="/login">Back to sign-in</Link>
      </AuthForm>
    </AuthPage>
  );
}

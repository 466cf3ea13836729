import { useState, type FormEvent } from "react";
import { Link } from "wouter";
import type { AppState } from "../../../app/state";
import { useDispatch, useModel } from "../../../bus/use-model";
import { Alert } from "../../../ui/alert";
import { AuthForm, AuthPage } from "../../../ui/auth-page";
import { Button } from "../../../ui/button";
import { FormField } from "../../../ui/form-field";
import { TextInput } from "../../../ui/inputs";
import { formErrors } from "../form-errors";

/** /login/mfa: the code from the authenticator app, after the password. */
export default function MfaScreen() {
  const dispatch = useDispatch();
  const step = useModel((state: AppState) => state.account.secondFactorStep);
  const [passcode, setPasscode] = useState("");
  const errors = formErrors(step.status === "error" ? step.fields : {}, ["passcode"]);
  const general = errors.rest || (step.status === "error" && !errors.byField["passcode"] ? step.message : null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    dispatch({ _tag: "VerifySignInCode", passcode: passcode.replace(/\s/g, "") });
  };
  return (
    <AuthPage>
      <AuthForm method="post" onSubmit={submit} aria-labelledby="mfa-title">
        <h1 id="mfa-title">Two-factor authentication</h1>
        <p>Enter the 6-digit code from your authenticator app{step.email ? ` for ${step.email}` : ""}.</p>
        {general ? <Alert tone="danger">{general}</Alert> : null}
        <FormField label="Code" error={errors.byField["passcode"]} help="Six digits; spaces are ignored.">
          <TextInput name="passcode" inputMode="numeric" autoComplete="one-time-code" pattern="[0-9 ]{6,7}" maxLength={7} required autoFocus value={passcode} onChange={(event) => setPasscode(event.target.value)} />
        </FormField>
        <Button type="submit" variant="primary" busy={step.status === "loading"}>
          Verify
        </Button>
        <Link href="/login">Back to sign-in</Link>
      </AuthForm>
    </AuthPage>
  );
}

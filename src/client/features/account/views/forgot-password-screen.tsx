import { useState, type FormEvent } from "react";
import { Link } from "wouter";
import type { AppState } from "../../../app/state";
import { useDispatch, useModel } from "../../../bus/use-model";
import { AuthForm, AuthPage } from "../../../ui/auth-page";
import { Button, DangerAlert, Field } from "../../../ui/primitives";

/** /forgetpassword: asks for a reset link; the answer never tells whether the address is known. */
export default function ForgotPasswordScreen() {
  const dispatch = useDispatch();
  const request = useModel((state: AppState) => state.account.resetRequest);
  const [email, setEmail] = useState("");
  const submit = (event: FormEvent) => {
    event.preventDefault();
    dispatch({ _tag: "RequestPasswordReset", email });
  };
  return (
    <AuthPage>
      <AuthForm method="post" onSubmit={submit} aria-labelledby="forgot-title">
        <h1 id="forgot-title">Reset your password</h1>
        {request.status === "sent" ? (
          <p role="status">
            If an account exists for {request.email}, we have sent it a link to set a new password. The link works once, for one hour.
          </p>
        ) : (
          <>
            <p>Enter the e-mail address of your account and we will send you a link to set a new password.</p>
            {request.status === "error" && <DangerAlert>{request.message}</DangerAlert>}
            <Field>
              E-mail
              <input type="email" name="email" autoComplete="username" required value={email} onChange={(event) => setEmail(event.target.value)} />
            </Field>
            <Button type="submit" $variant="primary" disabled={request.status === "loading"}>
              {request.status === "loading" ? "Sending…" : "Send reset link"}
            </Button>
          </>
        )}
        <Link href="/login">Back to sign-in</Link>
      </AuthForm>
    </AuthPage>
  );
}

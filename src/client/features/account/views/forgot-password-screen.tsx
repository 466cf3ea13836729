import { useState, type FormEvent } from "react";
import { Link } from "wouter";
import type { AppState } from "../../../app/state";
import { useDispatch, useModel } from "../../../bus/use-model";
import { Alert } from "../../../ui/alert";
import { AuthForm, AuthPage } from "../../../ui/auth-page";
import { Button } from "../../../ui/button";
import { FormField } from "../../../ui/form-field";
import { TextInput } from "../../../ui/inputs";

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
          <Alert tone="success">If an account exists for {request.email}, we have sent it a link to set a new password. The link works once, for one hour.</Alert>
        ) : (
          <>
            <p>Enter the e-mail address of your account and we will send you a link to set a new password.</p>
            {request.status === "error" && <Alert tone="danger">{request.message}</Alert>}
            <FormField label="E-mail">
              <TextInput type="email" name="email" autoComplete="username" required value={email} onChange={(event) => setEmail(event.target.value)} />
            </FormField>
            <Button type="submit" variant="primary" busy={request.status === "loading"}>
              Send reset link
            </Button>
          </>
        )}
        <Link href="/login">Back to sign-in</Link>
      </AuthForm>
    </AuthPage>
  );
}

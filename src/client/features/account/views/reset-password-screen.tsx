import { useState, type FormEvent } from "react";
import { Link, useParams } from "wouter";
import { PASSWORD_MIN_LENGTH } from "../../../../domain/auth/password-policy";
import type { AppState } from "../../../app/state";
import { useDispatch, useModel } from "../../../bus/use-model";
import { AuthForm, AuthPage } from "../../../ui/auth-page";
import { Button, DangerAlert, Field } from "../../../ui/primitives";

/** /password/reset/confirm/{uid}/{token}: the new password; failures listed line by line. */
export default function ResetPasswordScreen() {
  const dispatch = useDispatch();
  const { uid = "", token = "" } = useParams<{ uid: string; token: string }>();
  const confirm = useModel((state: AppState) => state.account.resetConfirm);
  const [password, setPassword] = useState("");
  const [repeat, setRepeat] = useState("");
  const submit = (event: FormEvent) => {
    event.preventDefault();
    dispatch({ _tag: "ConfirmPasswordReset", uid, token, password, repeat });
  };
  if (confirm.status === "done") {
    return (
      <AuthPage>
        <AuthForm as="div">
          <h1>Password changed</h1>
          <p role="status">Your password has been reset. Sign in with the new password.</p>
          <Link href="/login">Sign in</Link>
        </AuthForm>
      </AuthPage>
    );
  }
  return (
    <AuthPage>
      <AuthForm method="post" onSubmit={submit} aria-labelledby="reset-title">
        <h1 id="reset-title">Choose a new password</h1>
        <p>At least {PASSWORD_MIN_LENGTH} characters. A passphrase of several words is easy to remember and hard to guess.</p>
        {confirm.status === "error" && (
          <DangerAlert>
            <ul style={{ margin: 0, paddingLeft: 18 }}>
              {confirm.messages.map((message) => (
                <li key={message}>{message}</li>
              ))}
            </ul>
          </DangerAlert>
        )}
        <Field>
          New password
          <input type="password" name="new_password" autoComplete="new-password" required value={password} onChange={(event) => setPassword(event.target.value)} />
        </Field>
        <Field>
          Repeat the new password
          <input type="password" name="re_new_password" autoComplete="new-password" required value={repeat} onChange={(event) => setRepeat(event.target.value)} />
        </Field>
        <Button type="submit" $variant="primary" disabled={confirm.status === "loading"}>
          {confirm.status === "loading" ? "Saving…" : "Set new password"}
        </Button>
      </AuthForm>
    </AuthPage>
  );
}

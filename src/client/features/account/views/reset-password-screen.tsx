import { useState, type FormEvent } from "react";
import { Link, useParams } from "wouter";
import { PASSWORD_MIN_LENGTH } from "../../../../domain/auth/password-policy";
import type { AppState } from "../../../app/state";
import { useDispatch, useModel } from "../../../bus/use-model";
import { Alert } from "../../../ui/alert";
import { AuthForm, AuthPage } from "../../../ui/auth-page";
import { Button } from "../../../ui/button";
import { FormField } from "../../../ui/form-field";
import { TextInput } from "../../../ui/inputs";
import { formErrorsFromLines } from "../form-errors";

/**
 * /password/reset/confirm/{uid}/{token}: the new password. The server's messages about a field
 * stand under it with its label; the rest (an expired link) in an alert above the form.
 */
export default function ResetPasswordScreen() {
  const dispatch = useDispatch();
  const { uid = "", token = "" } = useParams<{ uid: string; token: string }>();
  const confirm = useModel((state: AppState) => state.account.resetConfirm);
  const [password, setPassword] = useState("");
  const [repeat, setRepeat] = useState("");
  const errors = formErrorsFromLines(confirm.status === "error" ? confirm.messages : [], ["new_password", "re_new_password"]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    dispatch({ _tag: "ConfirmPasswordReset", uid, token, password, repeat });
  };
  if (confirm.status === "done") {
    return (
      <AuthPage>
        <AuthForm as="div">
          <h1>Password changed</h1>
          <Alert tone="success">Your password has been reset. Sign in with the new password.</Alert>
          <Link href="/login">Sign in</Link>
        </AuthForm>
      </AuthPage>
    );
  }
  return (
    <AuthPage>
      <AuthForm method="post" onSubmit={submit} aria-labelledby="reset-title">
        <h1 id="reset-title">Choose a new password</h1>
        {errors.rest ? <Alert tone="danger">{errors.rest}</Alert> : null}
        <FormField label="New password" error={errors.byField["new_password"]} help={`At least ${PASSWORD_MIN_LENGTH} characters. A passphrase of several words is easy to remember and hard to guess.`}>
          <TextInput type="password" name="new_password" autoComplete="new-password" required value={password} onChange={(event) => setPassword(event.target.value)} />
        </FormField>
        <FormField label="Repeat the new password" error={errors.byField["re_new_password"]}>
          <TextInput type="password" name="re_new_password" autoComplete="new-password" required value={repeat} onChange={(event) => setRepeat(event.target.value)} />
        </FormField>
        <Button type="submit" variant="primary" busy={confirm.status === "loading"}>
          Set new password
        </Button>
      </AuthForm>
    </AuthPage>
  );
}

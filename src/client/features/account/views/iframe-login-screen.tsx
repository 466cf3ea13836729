import type { AppState } from "../../../app/state";
import { useModel } from "../../../bus/use-model";
import { Alert } from "../../../ui/alert";
import { AuthForm, AuthPage } from "../../../ui/auth-page";
import { LoadingState } from "../../../ui/states";

/**
 * /iframelogin: a portfolio company opened in a frame of an investor instance. The parent posts
 * the embed token; the sign-in itself runs in the AwaitEmbedSession epic started at boot.
 */
export default function IframeLoginScreen() {
  const failure = useModel((state: AppState) => state.account.embedError);
  return (
    <AuthPage>
      <AuthForm as="div">
        <h1>Opening the company</h1>
        {failure ? <Alert tone="danger">{failure}</Alert> : <LoadingState label="Signing you in to the company…" />}
      </AuthForm>
    </AuthPage>
  );
}

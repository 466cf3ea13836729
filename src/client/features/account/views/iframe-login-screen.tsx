import type { AppState } from "../../../app/state";
import { useModel } from "../../../bus/use-model";
import { AuthForm, AuthPage } from "../../../ui/auth-page";
import { DangerAlert } from "../../../ui/primitives";

/**
 * /iframelogin: a portfolio company opened in a frame of an investor instance. The parent posts
 * the embed token; the sign-in itself runs in the AwaitEmbedSession epic started at boot.
 */
export default function IframeLoginScreen() {
  const failure = useModel((state: AppState) => state.account.embedError);
  return (
    <AuthPage>
      <AuthForm as="div">
        {failure ? <DangerAlert>{failure}</DangerAlert> : <p aria-busy="true">Opening the company…</p>}
      </AuthForm>
    </AuthPage>
  );
}

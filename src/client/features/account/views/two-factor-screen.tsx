import { useEffect, useState, type FormEvent } from "react";
import { styled } from "styled-components";
import type { AppState } from "../../../app/state";
import { useDispatch, useModel } from "../../../bus/use-model";
import { Alert } from "../../../ui/alert";
import { Button } from "../../../ui/button";
import { Card } from "../../../ui/card";
import { useConfirm } from "../../../ui/confirm";
import { FormField } from "../../../ui/form-field";
import { TextInput } from "../../../ui/inputs";
import { Cluster, Page } from "../../../ui/layout";
import { PageHeader } from "../../../ui/page-header";
import { ErrorState, LoadingState } from "../../../ui/states";
import { VisuallyHidden } from "../../../ui/visually-hidden";
import { FONT_WEIGHT, RADIUS, SPACE, TYPE_SCALE } from "../../../ui/tokens";
import { formErrorsFromLines } from "../form-errors";

/** settings/two-factor-auth: set up, confirm and (administrators) remove the authenticator app. */
export default function TwoFactorScreen() {
  const dispatch = useDispatch();
  const twoFactor = useModel((state: AppState) => state.account.twoFactor);
  useEffect(() => dispatch({ _tag: "LoadTwoFactor" }), [dispatch]);
  const status = twoFactor.status;

  return (
    <Page $width="narrow">
      <PageHeader title="Two-factor authentication" description="A code from an authenticator app on your phone, asked for after your password, keeps your account safe when a password leaks." />
      {twoFactor.load.status === "loading" && !status && <LoadingState label="Loading your two-factor settings…" />}
      {twoFactor.load.status === "error" && <ErrorState message={twoFactor.load.message} onRetry={() => dispatch({ _tag: "LoadTwoFactor" })} />}
      {status?.policy === "mandatory" && !status.enabled && <Alert tone="warning">Your company requires two-factor authentication. Set it up to continue.</Alert>}
      {status && (status.enabled ? <Enabled canRemove={status.can_remove} /> : <Setup />)}
      {status?.can_set_policy && <CompanyPolicy policy={status.policy} />}
      <SingleSignOn />
    </Page>
  );
}

/** The last failed action's message: about the code next to the Code field, anything else above the form. */
function useActionErrors() {
  const action = useModel((state: AppState) => state.account.twoFactor.action);
  return formErrorsFromLines(action.status === "error" && action.message ? [action.message] : [], ["passcode"]);
}

function Setup() {
  const dispatch = useDispatch();
  const setup = useModel((state: AppState) => state.account.twoFactor.setup);
  const errors = useActionErrors();
  const [passcode, setPasscode] = useState("");
  if (!setup) {
    return (
      <Card title="Authenticator app">
        <p>Protect your account with a code from an authenticator app on your phone, asked for after your password.</p>
        {errors.rest ? <Alert tone="danger">{errors.rest}</Alert> : null}
        <div>
          <Button variant="primary" onClick={() => dispatch({ _tag: "StartTwoFactorSetup" })}>
            Set up authenticator app
          </Button>
        </div>
      </Card>
    );
  }
  const activate = (event: FormEvent) => {
    event.preventDefault();
    dispatch({ _tag: "ActivateTwoFactor", passcode: passcode.replace(/\s/g, "") });
  };
  return (
    <Card title="Set up the authenticator app">
      <Steps>
        <li>
          <h3>Install an authenticator app</h3>
          <p>For example Google Authenticator, Microsoft Authenticator, 1Password or Aegis.</p>
        </li>
        <li>
          <h3>Scan this QR code with the app</h3>
          <Qr src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(setup.qrSvg)}`} alt="QR code to add Meridian to your authenticator app" />
          <p>
            Cannot scan it? Enter this secret key in the app: <Secret data-testid="totp-secret">{setup.secret}</Secret>
          </p>
        </li>
        <li>
          <h3>Enter the 6-digit code the app shows</h3>
          <CodeForm onSubmit={activate} aria-label="Activate the authenticator app">
            {errors.rest ? <Alert tone="danger">{errors.rest}</Alert> : null}
            <FormField label="Code" error={errors.byField["passcode"]}>
              <TextInput name="passcode" inputMode="numeric" autoComplete="one-time-code" maxLength={7} required value={passcode} onChange={(event) => setPasscode(event.target.value)} />
            </FormField>
            <div>
              <Button type="submit" variant="primary">
                Verify and activate
              </Button>
            </div>
          </CodeForm>
        </li>
      </Steps>
    </Card>
  );
}

function Enabled({ canRemove }: { canRemove: boolean }) {
  const dispatch = useDispatch();
  const confirm = useConfirm();
  const errors = useActionErrors();
  const [passcode, setPasscode] = useState("");
  const remove = async (event: FormEvent) => {
    event.preventDefault();
    const code = passcode.replace(/\s/g, "");
    const sure = await confirm({
      title: "Turn off two-factor authentication?",
      message: "Signing in then needs only your password, until you set up the app again.",
      confirmLabel: "Turn off",
      tone: "danger",
    });
    if (sure) dispatch({ _tag: "DeactivateTwoFactor", passcode: code });
  };
  return (
    <Card title="Authenticator app">
      <Alert tone="success" data-testid="two-factor-enabled">
        Two-factor authentication is on. Each sign-in asks for a code from your authenticator app.
      </Alert>
      {canRemove ? (
        <CodeForm onSubmit={remove} aria-label="Turn off two-factor authentication">
          {errors.rest ? <Alert tone="danger">{errors.rest}</Alert> : null}
          <FormField label="Current code" error={errors.byField["passcode"]} help="The code your app shows now: it confirms the phone is at hand.">
            <TextInput name="passcode" inputMode="numeric" autoComplete="one-time-code" maxLength={7} required value={passcode} onChange={(event) => setPasscode(event.target.value)} />
          </FormField>
          <div>
            <Button type="submit" variant="danger">
              Turn off
            </Button>
          </div>
        </CodeForm>
      ) : (
        <p>If you lose your phone, an administrator can reset it for you.</p>
      )}
    </Card>
  );
}

/** Administrators choose whether everyone in the company must use a second factor. */
function CompanyPolicy({ policy }: { policy: "optional" | "mandatory" }) {
  const dispatch = useDispatch();
  const confirm = useConfirm();
  const choose = async (next: "optional" | "mandatory") => {
    const sure =
      next === "optional" ||
      (await confirm({
        title: "Make two-factor authentication mandatory?",
        message: "Everyone without a second factor must set one up right after their password, before they can use Meridian.",
        confirmLabel: "Make mandatory",
      }));
    if (sure) dispatch({ _tag: "SetTwoFactorPolicy", policy: next });
  };
  return (
    <Card title="Company policy">
      <Radios>
        <VisuallyHidden as="legend">Two-factor authentication for the company</VisuallyHidden>
        <label>
          <input type="radio" name="policy" checked={policy === "optional"} onChange={() => void choose("optional")} /> Optional for everyone
        </label>
        <label>
          <input type="radio" name="policy" checked={policy === "mandatory"} onChange={() => void choose("mandatory")} /> Mandatory for everyone: users without a second factor set it up right after their password
        </label>
      </Radios>
    </Card>
  );
}

/** Links the user's account at a single sign-on provider, so they can sign in with it. */
function SingleSignOn() {
  const dispatch = useDispatch();
  const sso = useModel((state: AppState) => state.account.sso);
  useEffect(() => dispatch({ _tag: "LoadSsoProviders" }), [dispatch]);
  if (sso.providers.length === 0) return null;
  return (
    <Card title="Single sign-on">
      <p>Link your account at your company's sign-in provider to sign in with it.</p>
      {sso.status === "error" && <Alert tone="danger">{sso.message}</Alert>}
      <Cluster>
        {sso.providers.map((provider) => (
          <Button key={provider.name} onClick={() => dispatch({ _tag: "StartSsoLink", provider: provider.name })}>
            Link {provider.label}
          </Button>
        ))}
      </Cluster>
    </Card>
  );
}

/** Numbered steps, the number in the step's heading, where the eye starts each step. */
const Steps = styled.ol`
  margin: 0;
  padding: 0;
  list-style: none;
  counter-reset: step;
  display: grid;
  gap: ${SPACE.xl};
  li { display: grid; gap: ${SPACE.sm}; counter-increment: step; }
  h3 { font-size: ${TYPE_SCALE.md.size}; font-weight: ${FONT_WEIGHT.semibold}; }
  h3::before { content: counter(step) ". "; color: ${(p) => p.theme.textMuted}; }
`;

const CodeForm = styled.form`
  display: grid;
  gap: ${SPACE.md};
  max-width: 320px;
`;

const Qr = styled.img`
  width: 200px;
  height: 200px;
  background: #fff;
  padding: ${SPACE.sm};
  border-radius: ${RADIUS.md};
`;

const Secret = styled.code`
  display: inline-block;
  font-size: ${TYPE_SCALE.md.size};
  letter-spacing: 0.08em;
  padding: ${SPACE.xs} ${SPACE.sm};
  border-radius: ${RADIUS.md};
  background: ${(p) => p.theme.surfaceRaised};
  word-break: break-all;
`;

const Radios = styled.fieldset`
  border: 0;
  margin: 0;
  padding: 0;
  display: grid;
  gap: ${SPACE.sm};
  label { display: flex; gap: ${SPACE.sm}; align-items: start; cursor: pointer; }
  input { margin: 3px 0 0; width: 16px; height: 16px; flex: none; accent-color: ${(p) => p.theme.accent}; }
`;

import { useEffect, useState, type FormEvent } from "react";
import { styled } from "styled-components";
import type { AppState } from "../../../app/state";
import { useDispatch, useModel } from "../../../bus/use-model";
import { Button, Card, DangerAlert, Field, ScreenPage } from "../../../ui/primitives";

const Qr = styled.img`
  width: 200px;
  height: 200px;
  background: #fff;
  padding: 8px;
  border-radius: 8px;
`;

const Secret = styled.code`
  display: inline-block;
  font-size: 16px;
  letter-spacing: 0.08em;
  padding: 6px 10px;
  border-radius: 6px;
  background: ${(p) => p.theme.surfaceRaised};
  word-break: break-all;
`;

const Row = styled.form`
  display: flex;
  gap: 12px;
  align-items: end;
  flex-wrap: wrap;
  input { width: 160px; }
`;

/** settings/two-factor-auth: set up, confirm and (administrators) remove the authenticator app. */
export default function TwoFactorScreen() {
  const dispatch = useDispatch();
  const twoFactor = useModel((state: AppState) => state.account.twoFactor);
  useEffect(() => dispatch({ _tag: "LoadTwoFactor" }), [dispatch]);
  const status = twoFactor.status;

  return (
    <ScreenPage aria-labelledby="two-factor-title">
      <h1 id="two-factor-title">Two-factor authentication</h1>
      {twoFactor.load.status === "loading" && !status && <p aria-busy="true">Loading…</p>}
      {twoFactor.load.status === "error" && <DangerAlert>{twoFactor.load.message}</DangerAlert>}
      {status?.policy === "mandatory" && !status.enabled && (
        <p role="status">Your company requires two-factor authentication. Set it up to continue.</p>
      )}
      {twoFactor.action.status === "error" && <DangerAlert>{twoFactor.action.message}</DangerAlert>}
      {status && (status.enabled ? <Enabled canRemove={status.can_remove} /> : <Setup />)}
      {status?.can_set_policy && <CompanyPolicy policy={status.policy} />}
      <SingleSignOn />
    </ScreenPage>
  );
}

function Setup() {
  const dispatch = useDispatch();
  const setup = useModel((state: AppState) => state.account.twoFactor.setup);
  const [passcode, setPasscode] = useState("");
  if (!setup) {
    return (
      <Card>
        <p>Protect your account with a code from an authenticator app on your phone, asked for after your password.</p>
        <p style={{ marginTop: 16 }}>
          <Button $variant="primary" onClick={() => dispatch({ _tag: "StartTwoFactorSetup" })}>
            Set up authenticator app
          </Button>
        </p>
      </Card>
    );
  }
  const activate = (event: FormEvent) => {
    event.preventDefault();
    dispatch({ _tag: "ActivateTwoFactor", passcode: passcode.replace(/\s/g, "") });
  };
  return (
    <Card>
      <ol>
        <li>
          <h2>Install an authenticator app</h2>
          <p>For example Google Authenticator, Microsoft Authenticator, 1Password or Aegis.</p>
        </li>
        <li>
          <h2>Scan this QR code with the app</h2>
          <Qr src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(setup.qrSvg)}`} alt="QR code to add Meridian to your authenticator app" />
          <p style={{ marginTop: 8 }}>
            Cannot scan it? Enter this secret key in the app: <Secret data-testid="totp-secret">{setup.secret}</Secret>
          </p>
        </li>
        <li>
          <h2>Enter the 6-digit code the app shows</h2>
          <Row onSubmit={activate}>
            <Field>
              Code
              <input name="passcode" inputMode="numeric" autoComplete="one-time-code" maxLength={7} required value={passcode} onChange={(event) => setPasscode(event.target.value)} />
            </Field>
            <Button type="submit" $variant="primary">
              Verify and activate
            </Button>
          </Row>
        </li>
      </ol>
    </Card>
  );
}

function Enabled({ canRemove }: { canRemove: boolean }) {
  const dispatch = useDispatch();
  const [passcode, setPasscode] = useState("");
  const remove = (event: FormEvent) => {
    event.preventDefault();
    dispatch({ _tag: "DeactivateTwoFactor", passcode: passcode.replace(/\s/g, "") });
  };
  return (
    <Card>
      <p role="status" data-testid="two-factor-enabled">
        Two-factor authentication is on. Each sign-in asks for a code from your authenticator app.
      </p>
      {canRemove ? (
        <Row onSubmit={remove} style={{ marginTop: 16 }}>
          <Field>
            Current code
            <input name="passcode" inputMode="numeric" autoComplete="one-time-code" maxLength={7} required value={passcode} onChange={(event) => setPasscode(event.target.value)} />
          </Field>
          <Button type="submit" $variant="danger">
            Turn off
          </Button>
        </Row>
      ) : (
        <p style={{ marginTop: 12 }}>If you lose your phone, an administrator can reset it for you.</p>
      )}
    </Card>
  );
}

/** Administrators choose whether everyone in the company must use a second factor. */
function CompanyPolicy({ policy }: { policy: "optional" | "mandatory" }) {
  const dispatch = useDispatch();
  return (
    <Card>
      <fieldset style={{ border: "none", padding: 0, margin: 0, display: "grid", gap: 8 }}>
        <legend style={{ fontWeight: 600, marginBottom: 8 }}>Company policy</legend>
        <label>
          <input type="radio" name="policy" checked={policy === "optional"} onChange={() => dispatch({ _tag: "SetTwoFactorPolicy", policy: "optional" })} /> Optional for everyone
        </label>
        <label>
          <input type="radio" name="policy" checked={policy === "mandatory"} onChange={() => dispatch({ _tag: "SetTwoFactorPolicy", policy: "mandatory" })} /> Mandatory for everyone: users
          without a second factor set it up right after their password
        </label>
      </fieldset>
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
    <Card>
      <h2>Single sign-on</h2>
      <p>Link your account at your company's sign-in provider to sign in with it.</p>
      {sso.status === "error" && <DangerAlert style={{ marginTop: 12 }}>{sso.message}</DangerAlert>}
      <div style={{ display: "flex", gap: 8, marginTop: 12 }}>
        {sso.providers.map((provider) => (
          <Button key={provider.name} onClick={() => dispatch({ _tag: "StartSsoLink", provider: provider.name })}>
            Link {provider.label}
          </Button>
        ))}
      </div>
    </Card>
  );
}

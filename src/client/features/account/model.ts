import { castDraft, produce } from "immer";
import type { TwoFactorSetup, TwoFactorStatus } from "../../../contracts/two-factor";
import type { Reducer } from "../../bus/store";

type Status = "idle" | "loading" | "error";

/** The second-factor step of sign-in, password reset, and the two-factor settings. */
export interface AccountModel {
  readonly secondFactorStep: { readonly email: string | null; readonly status: Status; readonly message: string | null; readonly fields: Readonly<Record<string, readonly string[]>> };
  readonly resetRequest: { readonly status: Status | "sent"; readonly email: string | null; readonly message: string | null };
  readonly resetConfirm: { readonly status: Status | "done"; readonly messages: readonly string[] };
  readonly twoFactor: {
    readonly load: { readonly status: Status | "loaded"; readonly message: string | null };
    readonly status: TwoFactorStatus | null;
    readonly setup: { readonly secret: string; readonly otpauthUrl: string; readonly qrSvg: string } | null;
    readonly action: { readonly status: Status; readonly message: string | null };
  };
  /** A frame's embed sign-in that failed (/iframelogin shows it). */
  readonly embedError: string | null;
  readonly sso: {
    readonly providers: readonly { readonly name: string; readonly label: string }[];
    readonly status: Status | "linked";
    readonly message: string | null;
    readonly linkedProvider: string | null;
  };
}

export const initialAccount: AccountModel = {
  secondFactorStep: { email: null, status: "idle", message: null, fields: {} },
  resetRequest: { status: "idle", email: null, message: null },
  resetConfirm: { status: "idle", messages: [] },
  twoFactor: { load: { status: "idle", message: null }, status: null, setup: null, action: { status: "idle", message: null } },
  embedError: null,
  sso: { providers: [], status: "idle", message: null, linkedProvider: null },
};

export const accountReducer: Reducer<AccountModel> = (model, event) => {
  switch (event._tag) {
    case "SecondFactorRequired":
      return produce(model, (draft) => {
        draft.secondFactorStep = { email: event.email, status: "idle", message: null, fields: {} };
      });
    case "CodeVerificationStarted":
      return produce(model, (draft) => {
        draft.secondFactorStep.status = "loading";
        draft.secondFactorStep.message = null;
      });
    case "CodeRejected":
      return produce(model, (draft) => {
        draft.secondFactorStep = castDraft({ ...model.secondFactorStep, status: "error" as const, message: event.message, fields: event.fields });
      });
    case "SignInSucceeded":
      return produce(model, (draft) => {
        draft.secondFactorStep = { email: null, status: "idle", message: null, fields: {} };
      });
    case "PasswordResetRequestStarted":
      return produce(model, (draft) => {
        draft.resetRequest = { status: "loading", email: event.email, message: null };
      });
    case "PasswordResetRequested":
      return produce(model, (draft) => {
        draft.resetRequest = { status: "sent", email: event.email, message: null };
      });
    case "PasswordResetRequestFailed":
      return produce(model, (draft) => {
        draft.resetRequest.status = "error";
        draft.resetRequest.message = event.message;
      });
    case "PasswordResetConfirmStarted":
      return produce(model, (draft) => {
        draft.resetConfirm = { status: "loading", messages: [] };
      });
    case "PasswordResetConfirmed":
      return produce(model, (draft) => {
        draft.resetConfirm = { status: "done", messages: [] };
      });
    case "PasswordResetConfirmFailed":
      return produce(model, (draft) => {
        draft.resetConfirm = { status: "error", messages: [...event.messages] };
      });
    case "TwoFactorLoadStarted":
      return produce(model, (draft) => {
        draft.twoFactor.load = { status: "loading", message: null };
      });
    case "TwoFactorLoaded":
      return produce(model, (draft) => {
        draft.twoFactor.load = { status: "loaded", message: null };
        draft.twoFactor.status = castDraft(event.status);
        if (event.status.enabled) draft.twoFactor.setup = null;
      });
    case "TwoFactorLoadFailed":
      return produce(model, (draft) => {
        draft.twoFactor.load = { status: "error", message: event.message };
      });
    case "TwoFactorSetupStarted":
      return produce(model, (draft) => {
        draft.twoFactor.setup = { secret: event.secret, otpauthUrl: event.otpauthUrl, qrSvg: event.qrSvg };
        draft.twoFactor.action = { status: "idle", message: null };
      });
    case "TwoFactorActivated":
    case "TwoFactorDeactivated":
      return produce(model, (draft) => {
        draft.twoFactor.setup = null;
        draft.twoFactor.action = { status: "idle", message: null };
        if (draft.twoFactor.status) draft.twoFactor.status.enabled = event._tag === "TwoFactorActivated";
        if (draft.twoFactor.status) draft.twoFactor.status.pending = false;
      });
    case "TwoFactorPolicySet":
      return produce(model, (draft) => {
        if (draft.twoFactor.status) draft.twoFactor.status.policy = event.policy;
        draft.twoFactor.action = { status: "idle", message: null };
      });
    case "TwoFactorSetupFailed":
    case "TwoFactorActivationFailed":
    case "TwoFactorDeactivationFailed":
    case "TwoFactorPolicyFailed":
      return produce(model, (draft) => {
        draft.twoFactor.action = { status: "error", message: event.message };
      });
    case "EmbedSignInFailed":
      return produce(model, (draft) => {
        draft.embedError = event.message;
      });
    case "SsoProvidersLoaded":
      return produce(model, (draft) => {
        draft.sso.providers = castDraft(event.providers);
      });
    case "SsoCompleting":
      return produce(model, (draft) => {
        draft.sso.status = "loading";
        draft.sso.message = null;
      });
    case "SsoFailed":
      return produce(model, (draft) => {
        draft.sso.status = "error";
        draft.sso.message = event.message;
      });
    case "SsoAccountLinked":
      return produce(model, (draft) => {
        draft.sso.status = "linked";
        draft.sso.linkedProvider = event.provider;
      });
    case "SignedOut":
      return { ...initialAccount, sso: { ...initialAccount.sso, providers: model.sso.providers } };
    default:
      return model;
  }
};

export type { TwoFactorSetup };

import { castDraft, produce } from "immer";
import type { Company, MenuItemShape, UserProfile } from "../../../contracts/auth";
import { accessProfile, type AccessProfile } from "../../../domain/navigation/access";
import type { SessionStage } from "../../../domain/navigation/guard";
import type { Reducer } from "../../bus/store";

/** Who is signed in, what they may see, and how their sign-in went. */
export interface SessionModel {
  readonly stage: SessionStage;
  readonly email: string | null;
  readonly refreshExpiresAt: string | null;
  readonly signIn: { readonly status: "idle" | "loading" | "error"; readonly message: string | null; readonly fields: Readonly<Record<string, readonly string[]>> };
  readonly profile: UserProfile | null;
  readonly menu: readonly MenuItemShape[];
  readonly company: Company | null;
  readonly loadError: string | null;
  readonly returnTo: string | null;
  readonly signedOutReason: string | null;
}

export const initialSession: SessionModel = {
  stage: "unknown",
  email: null,
  refreshExpiresAt: null,
  signIn: { status: "idle", message: null, fields: {} },
  profile: null,
  menu: [],
  company: null,
  loadError: null,
  returnTo: null,
  signedOutReason: null,
};

export const sessionReducer: Reducer<SessionModel> = (model, event) => {
  switch (event._tag) {
    case "SignInRequired":
      return produce(model, (draft) => {
        draft.returnTo = event.returnTo;
      });
    case "SignInStarted":
      return produce(model, (draft) => {
        draft.signIn = { status: "loading", message: null, fields: {} };
      });
    case "SignInFailed":
      return produce(model, (draft) => {
        draft.signIn = castDraft({ status: "error", message: event.message, fields: event.fields });
      });
    case "SignInSucceeded":
      return produce(model, (draft) => {
        draft.stage = "loading";
        draft.email = event.email;
        draft.refreshExpiresAt = event.refreshExpiresAt;
        draft.signIn = { status: "idle", message: null, fields: {} };
        draft.signedOutReason = null;
      });
    case "SessionRestored":
      return produce(model, (draft) => {
        draft.stage = "loading";
        draft.refreshExpiresAt = event.refreshExpiresAt;
      });
    case "SessionExtended":
      return produce(model, (draft) => {
        draft.refreshExpiresAt = event.refreshExpiresAt;
      });
    case "SessionAbsent":
      return produce(model, (draft) => {
        draft.stage = "anonymous";
      });
    case "SessionLoadStarted":
      return produce(model, (draft) => {
        draft.loadError = null;
      });
    case "SessionLoaded":
      // A load that finishes after a sign-out does not bring the session back.
      if (model.stage === "anonymous") return model;
      return produce(model, (draft) => {
        draft.stage = "ready";
        draft.profile = castDraft(event.profile);
        draft.email = event.profile.email;
        draft.menu = castDraft(event.menu);
        draft.company = castDraft(event.company);
        draft.returnTo = null;
      });
    case "CompanyProfileChanged":
      return produce(model, (draft) => {
        if (!draft.company) return;
        draft.company.name = event.name;
        draft.company.fiscal_year_offset = event.fiscalYearStartMonth - 1;
        draft.company.localCurrency = event.localCurrency;
        draft.company.timeZone = event.timeZone;
      });
    case "CompanyLogoVersionChanged":
      return produce(model, (draft) => {
        if (!draft.company) return;
        draft.company.logos = { light: draft.company.logos?.light ?? null, dark: draft.company.logos?.dark ?? null, [event.theme]: event.version };
      });
    case "SessionLoadFailed":
      return produce(model, (draft) => {
        draft.loadError = event.message;
      });
    case "SignedOut":
      // Logout clears the stored user, menu and profile; a remembered target survives only an
      // expired session, so the user comes back to where they were after signing in again.
      return { ...initialSession, stage: "anonymous", signedOutReason: event.reason, returnTo: event.reason === "user" ? null : model.returnTo };
    default:
      return model;
  }
};

/** Company administration (settings, structure, holdings, linked instances): manage_company_settings, or staff, who have every permission. */
export function selectManagesCompany(model: SessionModel): boolean {
  const access = selectAccess(model);
  return !!access && (access.isStaff || access.permissions.has("manage_company_settings"));
}

const accessCache = new WeakMap<UserProfile, AccessProfile>();

/** What access decisions need, derived once per loaded profile. */
export function selectAccess(model: SessionModel): AccessProfile | null {
  const { profile, company } = model;
  if (!profile || !company) return null;
  let access = accessCache.get(profile);
  if (!access) {
    access = accessProfile({
      isStaff: profile.is_staff,
      grantedPermissions: [...profile.user_permissions, ...profile.groups.flatMap((group) => group.permissions)],
      features: Object.fromEntries(profile.features.map((feature) => [feature.name, feature.enabled])),
      instance: company.kind,
      accessCustomDashboard: profile.access_custom_dashboard,
    });
    accessCache.set(profile, access);
  }
  return access;
}

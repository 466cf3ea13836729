import { Schema } from "@effect/schema";
import { Either } from "effect";
import { EMPTY, groupBy, map, mergeMap, switchMap, type Observable } from "rxjs";
import { CompanyLogoChangedPayload, CompanySettingsChangedPayload, LOGO_THEMES, type LogoTheme } from "../../../contracts/company";
import type { DomainEvent } from "../../../contracts/messages";
import { CompanyLogoLoaded, CompanyLogoLoadFailed, CompanyLogoVersionChanged, CompanyProfileChanged } from "../../../contracts/messages/company-profile";
import type { EpicDeps } from "../../app/deps";
import type { AppState } from "../../app/state";
import type { Emitted, Epic } from "../../bus/bus";
import { ofEvent } from "../../bus/operators";
import { describeApiError } from "../../effect/errors";
import { outcome$ } from "../../effect/observable";

type ProfileEpic = Epic<AppState, EpicDeps>;

const decodeSettings = Schema.decodeUnknownEither(CompanySettingsChangedPayload);
const decodeLogo = Schema.decodeUnknownEither(CompanyLogoChangedPayload);

/**
 * An administrator's change in another session reaches every open shell: the company's profile
 * and its logos' versions (the server's CompanySettingsChanged and CompanyLogoChanged).
 */
export const companyChangedElsewhere: ProfileEpic = ({ event$ }) =>
  event$.pipe(
    ofEvent("ServerEventReceived"),
    mergeMap((envelope): Emitted[] => {
      const { type, payload } = envelope.payload;
      if (type === "CompanySettingsChanged") {
        const decoded = decodeSettings(payload);
        return Either.isRight(decoded) ? [{ event: CompanyProfileChanged.make(decoded.right), origin: "remote" }] : [];
      }
      if (type === "CompanyLogoChanged") {
        const decoded = decodeLogo(payload);
        return Either.isRight(decoded) ? [{ event: CompanyLogoVersionChanged.make(decoded.right), origin: "remote" }] : [];
      }
      return [];
    }),
  );

/**
 * Each theme's logo image, fetched with the person's token (tokens never travel in URLs, so an
 * <img> cannot ask for it itself) when the session loads and whenever its version changes; a
 * newer version supersedes a fetch still running for the same theme. The previous object URL is
 * released once the new one is in.
 */
export const loadCompanyLogos: ProfileEpic = ({ event$ }, deps) => {
  const urls = new Map<LogoTheme, string>();
  const wanted$: Observable<{ theme: LogoTheme; version: string | null }> = event$.pipe(
    // Signing out releases the images with the rest of the session.
    ofEvent("SessionLoaded", "CompanyLogoVersionChanged", "SignedOut"),
    mergeMap(({ payload: event }) => {
      if (event._tag === "CompanyLogoVersionChanged") return [{ theme: event.theme, version: event.version }];
      const logos = event._tag === "SessionLoaded" ? event.company.logos : undefined;
      return LOGO_THEMES.map((theme) => ({ theme, version: logos?.[theme] ?? null }));
    }),
  );
  return wanted$.pipe(
    groupBy((wanted) => wanted.theme),
    mergeMap((theme$) =>
      theme$.pipe(
        switchMap(({ theme, version }) => {
          if (version === null) {
            release(urls, theme);
            return EMPTY;
          }
          return outcome$(
            deps.api.request<Blob>({ root: "main", method: "GET", path: `/company/logos/${theme}/`, query: { v: version }, expect: "blob" }),
            (image): DomainEvent => {
              release(urls, theme);
              const url = URL.createObjectURL(image);
              urls.set(theme, url);
              return CompanyLogoLoaded.make({ theme, version, url });
            },
            (error): DomainEvent => CompanyLogoLoadFailed.make({ theme, version, message: describeApiError(error) }),
          );
        }),
      ),
    ),
    map((event): Emitted => ({ event })),
  );
};

function release(urls: Map<LogoTheme, string>, theme: LogoTheme) {
  const previous = urls.get(theme);
  if (previous) URL.revokeObjectURL(previous);
  urls.delete(theme);
}

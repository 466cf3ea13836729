import { styled } from "styled-components";
import { LOGO_DISPLAY_HEIGHT, type CompanyLogo, type LogoTheme } from "../../../../contracts/company";
import { displaySize } from "../../../../domain/company/logo-image";
import type { AppState } from "../../../app/state";
import { useDispatch, useModel } from "../../../bus/use-model";
import { Alert } from "../../../ui/alert";
import { Button } from "../../../ui/button";
import { useConfirm } from "../../../ui/confirm";
import { FileButton } from "../../../ui/file-button";
import { Cluster, Stack } from "../../../ui/layout";
import { DARK, LIGHT } from "../../../ui/theme";
import { RADIUS, SPACE } from "../../../ui/tokens";

const LABEL: Record<LogoTheme, string> = { light: "Light theme logo", dark: "Dark theme logo" };

/**
 * One theme's logo: a preview on that theme's own surface, at the size the menu shows it, what
 * was uploaded, and upload/replace and remove. The server judges the file; its message shows here.
 */
export function LogoPanel({ theme, logo }: { theme: LogoTheme; logo: CompanyLogo | null }) {
  const dispatch = useDispatch();
  const confirm = useConfirm();
  const action = useModel((state: AppState) => state.company.action);
  const shown = useModel((state: AppState) => state.shell.logos[theme]);
  const mine = action.action === `logo-${theme}`;
  const error = mine && action.status === "error" ? (action.fields["file"]?.join(" ") ?? action.message) : null;
  const size = logo ? displaySize(logo, LOGO_DISPLAY_HEIGHT) : null;
  const remove = async () => {
    if (await confirm({ title: `Remove the ${theme} theme logo?`, message: `Users on the ${theme} theme see the product name instead until a new logo is uploaded.`, confirmLabel: "Remove logo", tone: "danger" })) {
      dispatch({ _tag: "RemoveCompanyLogo", theme });
    }
  };
  return (
    <Stack $gap="sm" data-testid={`logo-${theme}`}>
      <h3>{LABEL[theme]}</h3>
      <Preview $theme={theme} aria-label={`${LABEL[theme]} preview`}>
        {logo && shown?.version === logo.version && size ? (
          <img src={shown.url} alt={`${LABEL[theme]} preview`} width={size.width} height={size.height} />
        ) : logo ? (
          <span>Loading the preview…</span>
        ) : (
          <span className="none">No logo: the menu shows “Meridian”.</span>
        )}
      </Preview>
      {logo ? (
        <p className="meta">
          {logo.fileName} · {logo.width} × {logo.height} px · {formatBytes(logo.size)}
          {logo.height > LOGO_DISPLAY_HEIGHT ? ` · shown ${size!.width} × ${size!.height} px` : ""}
        </p>
      ) : null}
      {error ? <Alert tone="danger" title={`The ${theme} logo was not saved`}>{error}</Alert> : null}
      <Cluster>
        <FileButton
          kind={`logo-${theme}`}
          label={logo ? `Replace ${theme} logo` : `Upload ${theme} logo`}
          accept="image/png,image/jpeg"
          busy={mine && action.status === "busy"}
          onFile={(file) => dispatch({ _tag: "UploadCompanyLogo", theme, file, fileName: file.name })}
        />
        {logo ? (
          <Button variant="quiet" onClick={remove}>
            Remove
          </Button>
        ) : null}
      </Cluster>
    </Stack>
  );
}

const formatBytes = (bytes: number) => (bytes < 1024 ? `${bytes} B` : bytes < 1024 * 1024 ? `${Math.round(bytes / 102.4) / 10} KB` : `${Math.round(bytes / 104857.6) / 10} MB`);

/** The preview sits on the surface of the theme the logo is for, whatever theme the page is in. */
const Preview = styled.div<{ $theme: LogoTheme }>`
  display: flex;
  align-items: center;
  min-height: ${LOGO_DISPLAY_HEIGHT + 32}px;
  padding: ${SPACE.md};
  border-radius: ${RADIUS.md};
  border: 1px solid ${(p) => (p.$theme === "dark" ? DARK.border : LIGHT.border)};
  background: ${(p) => (p.$theme === "dark" ? DARK.surface : LIGHT.surface)};
  color: ${(p) => (p.$theme === "dark" ? DARK.textMuted : LIGHT.textMuted)};
  img { max-height: ${LOGO_DISPLAY_HEIGHT}px; max-width: 100%; object-fit: contain; }
`;

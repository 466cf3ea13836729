import { styled, useTheme } from "styled-components";
import { LOGO_DISPLAY_HEIGHT } from "../../../contracts/company";
import { useModel } from "../../bus/use-model";
import type { AppState } from "../state";

const Brand = styled.div`
  font-weight: 700;
  font-size: 18px;
  padding: 0 10px 16px;
  letter-spacing: -0.02em;
  img { display: block; max-height: ${LOGO_DISPLAY_HEIGHT}px; max-width: 100%; width: auto; height: auto; object-fit: contain; }
`;

/**
 * The top of the menu: the company's logo for the theme on screen (spec section 6: every user
 * sees it), scaled down to at most 60 px high; the product name while there is none.
 */
export function CompanyBrand() {
  const theme = useTheme();
  const logo = useModel((state: AppState) => state.shell.logos[theme.name]);
  const company = useModel((state: AppState) => state.session.company?.name);
  return <Brand data-testid="company-brand">{logo?.url ? <img src={logo.url} alt={company ? `${company} logo` : "Company logo"} data-theme={theme.name} /> : "Meridian"}</Brand>;
}

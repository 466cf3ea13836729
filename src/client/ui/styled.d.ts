import type { Palette } from "./theme";

// Every styled component's `theme` is a Palette.
declare module "styled-components" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  export interface DefaultTheme extends Palette {}
}

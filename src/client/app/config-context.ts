import { createContext, useContext } from "react";
import type { AppConfig } from "../../contracts/app-config";

export const AppConfigContext = createContext<AppConfig | null>(null);

export function useAppConfig(): AppConfig {
  const config = useContext(AppConfigContext);
  if (!config) throw new Error("useAppConfig needs an <AppConfigContext.Provider>");
  return config;
}

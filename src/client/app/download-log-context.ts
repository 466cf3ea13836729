import { createContext, useContext } from "react";

/** "Download session log" in the user menu; absent in replay mode. */
export const DownloadLogContext = createContext<(() => void) | undefined>(undefined);

export const useDownloadLog = () => useContext(DownloadLogContext);

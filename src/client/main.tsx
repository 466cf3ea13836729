import { Schema } from "@effect/schema";
import { createRoot } from "react-dom/client";
import { AppConfig } from "../contracts/app-config";
import { StartPage } from "./app/start-page";

/** Entry: read the installation's configuration, then render. */
async function start(container: HTMLElement) {
  const root = createRoot(container);
  try {
    const response = await fetch("/config.json", { headers: { accept: "application/json" } });
    if (!response.ok) throw new Error(`GET /config.json answered ${response.status}`);
    const config = Schema.decodeUnknownSync(AppConfig)(await response.json());
    root.render(<StartPage config={config} />);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    root.render(<p role="alert">An error occurred, please reload the page. Message: {message}</p>);
  }
}

void start(document.getElementById("root")!);

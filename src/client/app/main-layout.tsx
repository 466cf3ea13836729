import { Route, Switch } from "wouter";
import { useDownloadLog } from "./download-log-context";
import { NotFound } from "./not-found";
import { MAIN_SCREENS } from "./routes";
import { Shell } from "./shell/shell";

/**
 * The shell and the screens inside it: its own chunk, so the sign-in page loads without the
 * menu, top bar and popover code.
 */
export default function MainLayout() {
  const onDownloadLog = useDownloadLog();
  return (
    <Shell {...(onDownloadLog ? { onDownloadLog } : {})}>
      <Switch>
        {MAIN_SCREENS.map((entry) => (
          <Route key={entry.path} path={entry.path} component={entry.screen} />
        ))}
        <Route component={NotFound} />
      </Switch>
    </Shell>
  );
}

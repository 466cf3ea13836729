import { useEffect } from "react";
import { Route, Switch, useLocation } from "wouter";
import { guardRoute, isPublicRoute } from "../../domain/navigation/guard";
import { useDispatch, useModel } from "../bus/use-model";
import { selectAccess } from "../features/session/model";
import { lazyScreen } from "./lazy-screen";
import { NotFound } from "./not-found";
import { PUBLIC_SCREENS } from "./routes";
import type { AppState } from "./state";

const MainLayout = lazyScreen("main", () => import("./main-layout"));

/** Guards every location change, then renders the public screen or the shell with its screen. */
export function AppRouter() {
  const [location, navigate] = useLocation();
  const dispatch = useDispatch();
  const session = useModel((state: AppState) => state.session);
  const fxRateId = useModel((state: AppState) => state.shell.fxRateId);
  const twoFactor = session.profile?.two_factor;
  const decision = guardRoute({
    path: location,
    stage: session.stage,
    menu: session.menu,
    access: selectAccess(session),
    returnTo: session.returnTo,
    mustSetUpSecondFactor: !!twoFactor && twoFactor.required && !twoFactor.enabled,
  });

  const redirectTo = decision.kind === "redirect" ? decision.to : null;
  const remember = decision.kind === "redirect" ? decision.rememberTarget : undefined;
  const resetFx = decision.kind === "allow" && decision.resetFx && fxRateId !== null;
  useEffect(() => {
    if (remember) dispatch({ _tag: "RequireSignIn", returnTo: remember });
    else if (redirectTo) navigate(redirectTo, { replace: true });
  }, [redirectTo, remember, navigate, dispatch]);
  useEffect(() => {
    if (resetFx) dispatch({ _tag: "SelectFxRate", fxRateId: null });
  }, [resetFx, dispatch]);

  if (decision.kind !== "allow") return <p aria-busy="true" style={{ padding: 24 }}>Loading…</p>;
  if (isPublicRoute(location)) {
    return (
      <Switch>
        {PUBLIC_SCREENS.map((entry) => (
          <Route key={entry.path} path={entry.path} component={entry.screen} />
        ))}
        <Route component={NotFound} />
      </Switch>
    );
  }
  return <MainLayout />;
}

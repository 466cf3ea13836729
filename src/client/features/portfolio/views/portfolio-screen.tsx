import { useEffect } from "react";
import { useParams } from "wouter";
import type { AppState } from "../../../app/state";
import { useDispatch, useModel } from "../../../bus/use-model";
import { Page, Stack } from "../../../ui/layout";
import { LinkTabs } from "../../../ui/link-tabs";
import { PageHeader } from "../../../ui/page-header";
import { NotFoundState } from "../../../ui/states";
import { shownInstance } from "../model";
import { CompanyFrames } from "./company-frames";
import { CompanySwitcher } from "./company-switcher";
import { LinkingView } from "./linking-view";
import { ReportsReceivedView } from "./reports-received-view";

/** The portfolio's three screens: one component, so the company frames stay open while the person moves between them. */
export const PORTFOLIO_VIEWS = [
  { view: "companies", href: "/portfolio/companies", label: "Portfolio companies", description: "Your portfolio companies in their own Meridian, as the user each company set up for you. Switch between them; each stays open while you look at another." },
  { view: "reports", href: "/portfolio/reports", label: "Reports received", description: "The investor reports your portfolio companies shared with you, newest first. Open one to read it in its company." },
  { view: "linking", href: "/portfolio/linking", label: "Multi-instance linking", description: "The companies your instance is registered with and whether each has authorized access." },
] as const;

/**
 * /portfolio/companies, /portfolio/reports, /portfolio/linking: an investor instance's portfolio. The
 * companies' frames live here, below whichever view shows, and are visible on /portfolio/companies only.
 */
export default function PortfolioScreen() {
  const dispatch = useDispatch();
  const { view } = useParams<{ view: string }>();
  const current = PORTFOLIO_VIEWS.find((candidate) => candidate.view === view);
  const portfolio = useModel((state: AppState) => state.portfolio);
  useEffect(() => {
    dispatch({ _tag: "LoadPortfolio" });
    // Leaving the portfolio closes the frames with the screen.
    return () => dispatch({ _tag: "ClosePortfolio" });
  }, [dispatch]);
  const shown = shownInstance(portfolio);
  const shownHasFrame = shown ? portfolio.frames[shown.id] !== undefined : true;
  // The switcher opens the company it shows (the first one, or the one shown last time), so the person sees it without choosing.
  useEffect(() => {
    if (current?.view === "companies" && shown && !shownHasFrame) dispatch({ _tag: "SelectPortfolioCompany", instanceId: shown.id });
  }, [current, shown, shownHasFrame, dispatch]);

  if (!current) return <NotFoundState />;
  return (
    <Page>
      <PageHeader title={current.label} description={current.description} />
      <Stack $gap="lg">
        <LinkTabs label="Portfolio" tabs={PORTFOLIO_VIEWS} current={current.href} />
        {current.view === "companies" ? <CompanySwitcher /> : current.view === "reports" ? <ReportsReceivedView /> : <LinkingView />}
        <CompanyFrames visible={current.view === "companies"} />
      </Stack>
    </Page>
  );
}

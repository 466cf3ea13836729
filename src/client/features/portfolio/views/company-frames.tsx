import { useEffect, useRef } from "react";
import { styled } from "styled-components";
import { INSTANCE_NOT_AUTHORIZED, type RegisteredInstance } from "../../../../contracts/portfolio";
import type { AppState } from "../../../app/state";
import { useDispatch, useModel } from "../../../bus/use-model";
import { Alert } from "../../../ui/alert";
import { Button } from "../../../ui/button";
import { LoadingState } from "../../../ui/states";
import { RADIUS, SPACE } from "../../../ui/tokens";
import { browserFramePort } from "../frame-port";
import { shownInstance, type PortfolioFrame } from "../model";
import { companyPanelId, companyTabId } from "./company-switcher";

/** Where a company's app is: its registered address, or this installation when it has none. */
export const companyOrigin = (instance: RegisteredInstance) => {
  try {
    return new URL(instance.frontend_url || window.location.origin).origin;
  } catch {
    return window.location.origin;
  }
};

/**
 * Every company frame opened so far, one above the other; only the shown company's is visible
 * (and only on /portfolio/companies). The others stay loaded, hidden, so switching back is instant. Over a
 * frame still signing in: its loading state; a failed one: the message and a retry.
 */
export function CompanyFrames({ visible }: { visible: boolean }) {
  const portfolio = useModel((state: AppState) => state.portfolio);
  const shown = shownInstance(portfolio);
  const opened = portfolio.instances.list.filter((instance) => portfolio.frames[instance.id]);
  const shownFrame = shown ? portfolio.frames[shown.id] : undefined;
  if (opened.length === 0 && !visible) return null;
  return (
    <Panel
      id={companyPanelId}
      role={visible && shown ? "tabpanel" : undefined}
      aria-labelledby={visible && shown ? companyTabId(shown.id) : undefined}
      hidden={!visible || !shown}
    >
      {shown && shownFrame ? <FrameState instance={shown} frame={shownFrame} /> : null}
      {opened.map((instance) => {
        const frame = portfolio.frames[instance.id]!;
        if (frame.status === "unauthorized") return null;
        return <CompanyFrame key={`${instance.id}:${frame.generation}`} instance={instance} path={frame.path} showing={visible && instance.id === shown?.id && frame.status === "loaded"} />;
      })}
    </Panel>
  );
}

function FrameState({ instance, frame }: { instance: RegisteredInstance; frame: PortfolioFrame }) {
  const dispatch = useDispatch();
  if (frame.status === "loading") return <LoadingState label={`Opening ${instance.instance_name}…`} />;
  if (frame.status === "unauthorized") return <Alert tone="warning" title={instance.instance_name}>{frame.message ?? INSTANCE_NOT_AUTHORIZED}</Alert>;
  if (frame.status === "failed")
    return (
      <Alert
        tone="danger"
        title={`${instance.instance_name} could not be opened`}
        action={
          <Button size="sm" onClick={() => dispatch({ _tag: "RetryPortfolioFrame", instanceId: instance.id })}>
            Try again
          </Button>
        }
      >
        {frame.message}
      </Alert>
    );
  return null;
}

/** One company's frame: attached to the port before it loads, so its first token request is answered. */
function CompanyFrame({ instance, path, showing }: { instance: RegisteredInstance; path: string | null; showing: boolean }) {
  const frame = useRef<HTMLIFrameElement>(null);
  const origin = companyOrigin(instance);
  useEffect(() => (frame.current ? browserFramePort().attach(instance.id, frame.current, origin) : undefined), [instance.id, origin]);
  return (
    <iframe
      ref={frame}
      src={`${origin}/iframelogin`}
      title={`${instance.instance_name} in Meridian`}
      data-instance={instance.id}
      data-path={path ?? undefined}
      className={showing ? "showing" : undefined}
      aria-hidden={showing ? undefined : true}
      tabIndex={showing ? undefined : -1}
    />
  );
}

const Panel = styled.div`
  display: grid;
  gap: ${SPACE.md};
  iframe {
    display: none;
    width: 100%;
    height: max(560px, calc(100vh - 290px));
    border: 1px solid ${(p) => p.theme.border};
    border-radius: ${RADIUS.lg};
    background: ${(p) => p.theme.surface};
  }
  iframe.showing { display: block; }
  &[hidden] { display: none; }
`;

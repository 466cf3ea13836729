import { useContext, useMemo } from "react";
import { styled, useTheme } from "styled-components";
import { ClockContext } from "../../../app/clock";
import { Page, Stack } from "../../../ui/layout";
import { PageHeader } from "../../../ui/page-header";
import { FONT_WEIGHT, MEDIA, SPACE, TYPE_SCALE } from "../../../ui/tokens";
import { ActionSections } from "./action-sections";
import { ContentSections } from "./content-sections";
import { FeedbackSections } from "./feedback-sections";
import { FormSections } from "./form-sections";
import { Code } from "./specimen";
import { ColourTokens, LayoutTokens, TypeScaleTokens } from "./token-sections";

const CONTENTS: readonly { href: string; label: string }[] = [
  { href: "#tokens-colour", label: "Colours" },
  { href: "#tokens-type", label: "Type" },
  { href: "#tokens-space", label: "Space, layers, motion" },
  { href: "#button", label: "Button" },
  { href: "#icon-button", label: "IconButton" },
  { href: "#tooltip", label: "Tooltip" },
  { href: "#popover", label: "Popover" },
  { href: "#form-field", label: "FormField" },
  { href: "#compact-controls", label: "Compact controls" },
  { href: "#filter-bar", label: "FilterBar" },
  { href: "#page-header", label: "PageHeader" },
  { href: "#card", label: "Card, CollapsibleSection" },
  { href: "#badge", label: "Badge, Legend" },
  { href: "#text", label: "Text, layout" },
  { href: "#data-table", label: "DataTable" },
  { href: "#alert", label: "Alert" },
  { href: "#states", label: "Empty, loading, error" },
  { href: "#confirm-dialog", label: "ConfirmDialog" },
  { href: "#toast", label: "Toasts" },
  { href: "#notification-centre", label: "NotificationCentre" },
  { href: "#unsaved-changes", label: "Unsaved changes" },
  { href: "#skip-link", label: "SkipLink" },
];

/**
 * /uipatterns: the design system as a living style guide. Every token of the current theme (with
 * its contrast) and every component of src/client/ui in its states, under the name a feature
 * imports. Screens are built from these and nothing else.
 */
export default function UiPatternsScreen() {
  const theme = useTheme();
  const clock = useContext(ClockContext);
  const now = useMemo(() => new Date(clock()), [clock]);
  return (
    <Page aria-labelledby="uipatterns-title">
      <PageHeader
        headingId="uipatterns-title"
        title="UI patterns"
        description={
          <>
            The design system in <Code>src/client/ui</Code>: tokens and components every screen is built from, shown in the {theme.name} theme (switch it in the top bar). Each entry names the component as
            you import it, says when to use it, and shows its states.
          </>
        }
      />
      <Contents aria-label="UI patterns contents">
        <ul>
          {CONTENTS.map((entry) => (
            <li key={entry.href}>
              <a href={entry.href}>{entry.label}</a>
            </li>
          ))}
        </ul>
      </Contents>
      <Group aria-labelledby="uipatterns-tokens">
        <h2 id="uipatterns-tokens" className="group-title">
          Tokens
        </h2>
        <ColourTokens />
        <TypeScaleTokens />
        <LayoutTokens />
      </Group>
      <Group aria-labelledby="uipatterns-components-title" id="uipatterns-components" tabIndex={-1}>
        <h2 id="uipatterns-components-title" className="group-title">
          Components
        </h2>
        <ActionSections />
        <FormSections />
        <ContentSections />
        <FeedbackSections now={now} />
      </Group>
    </Page>
  );
}

const Contents = styled.nav`
  ul { display: flex; flex-wrap: wrap; gap: ${SPACE.xs} ${SPACE.md}; margin: 0; padding: 0; list-style: none; font-size: ${TYPE_SCALE.sm.size}; }
`;

const Group = styled(Stack).attrs({ as: "section" })`
  gap: ${SPACE.lg};
  > .group-title { font-size: ${TYPE_SCALE.xl.size}; line-height: ${TYPE_SCALE.xl.lineHeight}; font-weight: ${FONT_WEIGHT.semibold}; padding-top: ${SPACE.sm}; }
  ${MEDIA.narrow} { gap: ${SPACE.md}; }
`;

import type { ReactNode, Ref } from "react";
import { styled } from "styled-components";
import { Breadcrumbs, type Crumb } from "./breadcrumbs";
import { MEDIA, SPACE, TYPE_SCALE } from "./tokens";

export interface PageHeaderProps {
  /** The page's title: its one `h1`. */
  readonly title: ReactNode;
  /** The trail to this page, ending with this page itself. Detail pages always have one. */
  readonly breadcrumbs?: readonly Crumb[];
  /** One or two sentences under the title: what the page shows, for which period. */
  readonly description?: ReactNode;
  /** Things that belong to the title: a favourite star, status badges. */
  readonly titleAddon?: ReactNode;
  /** The page's actions, right of the title (they wrap under it on narrow screens). */
  readonly actions?: ReactNode;
  /** Ref to the `h1`, for code that moves focus to it. */
  readonly headingRef?: Ref<HTMLHeadingElement>;
  /** id of the `h1`, for `aria-labelledby` on the page. */
  readonly headingId?: string;
}

/**
 * The top of every screen: breadcrumbs, the title, a description and the page's actions. The `h1`
 * takes focus programmatically (`tabIndex={-1}`, `data-page-heading`), so after a navigation the
 * shell moves focus there and screen readers start at the new page.
 */
export function PageHeader({ title, breadcrumbs, description, titleAddon, actions, headingRef, headingId }: PageHeaderProps) {
  return (
    <Header>
      {breadcrumbs && breadcrumbs.length > 0 ? <Breadcrumbs items={breadcrumbs} /> : null}
      <div className="title-row">
        <div className="title">
          <h1 ref={headingRef} id={headingId} tabIndex={-1} data-page-heading="">
            {title}
          </h1>
          {titleAddon ? <div className="addon">{titleAddon}</div> : null}
        </div>
        {actions ? <div className="actions">{actions}</div> : null}
      </div>
      {description ? <div className="description">{description}</div> : null}
    </Header>
  );
}

const Header = styled.header`
  display: grid;
  gap: ${SPACE.xs};
  min-width: 0;
  .title-row { display: flex; flex-wrap: wrap; align-items: center; justify-content: space-between; gap: ${SPACE.sm} ${SPACE.lg}; }
  .title { display: flex; align-items: center; gap: ${SPACE.sm}; min-width: 0; }
  h1 { overflow-wrap: anywhere; }
  .addon { display: flex; align-items: center; gap: ${SPACE.xs}; }
  .actions { display: flex; flex-wrap: wrap; gap: ${SPACE.sm}; align-items: center; }
  .description { color: ${(p) => p.theme.textMuted}; font-size: ${TYPE_SCALE.md.size}; max-width: 72ch; }
  ${MEDIA.narrow} {
    h1 { font-size: ${TYPE_SCALE.xl.size}; line-height: ${TYPE_SCALE.xl.lineHeight}; }
  }
`;

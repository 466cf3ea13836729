import type { ReactNode } from "react";
import { styled } from "styled-components";
import { Button } from "./button";
import { IconButton } from "./icon-button";
import { Icon } from "./icons";
import { Popover } from "./popover";
import { relativeTime } from "./relative-time";
import { FONT_WEIGHT, RADIUS, SPACE, TYPE_SCALE } from "./tokens";
import { VisuallyHidden } from "./visually-hidden";

export interface NotificationItem {
  readonly id: string | number;
  /** Written for people: "Ada Administrator changed Revenue for Oct 2026". */
  readonly text: string;
  /** When it happened (ISO string or Date). */
  readonly at: string | Date;
  readonly read: boolean;
  /** Where it leads, e.g. the KPI's detail page. */
  readonly href?: string;
  /** A second line under the text (a mention's words, an action's title). */
  readonly detail?: string;
}

export interface NotificationCentreProps {
  /** Newest first. */
  readonly notifications: readonly NotificationItem[];
  /** The app's clock, for "5 minutes ago". */
  readonly now: Date;
  /** The unread count when more are unread than listed (the server's inbox keeps older ones); the listed unread ones otherwise. */
  readonly unreadCount?: number;
  /** The list opened (e.g. to load older ones or mark them seen). */
  readonly onOpen?: () => void;
  readonly onMarkAllRead: () => void;
  /** A notification was chosen (its link followed, or clicked without one). */
  readonly onSelect?: (id: NotificationItem["id"]) => void;
  /** Renders a notification's link; defaults to a plain anchor. Pass wouter's Link for in-app navigation. */
  readonly renderLink?: (href: string, children: ReactNode, onClick: () => void) => ReactNode;
}

/**
 * The bell in the top bar with the number of unread notifications, and the list behind it: what
 * other people changed, with when, read or unread, and "Mark all as read". Notifications live
 * here instead of covering the page. Presentational: the app's model supplies the props.
 */
export function NotificationCentre({ notifications, now, unreadCount, onOpen, onMarkAllRead, onSelect, renderLink }: NotificationCentreProps) {
  const unread = unreadCount ?? notifications.filter((item) => !item.read).length;
  const label = unread === 0 ? "Notifications" : `Notifications, ${unread} unread`;
  return (
    <Popover
      label="Notifications"
      width="360px"
      {...(onOpen ? { onOpen } : {})}
      trigger={(props) => (
        <BellFrame>
          <IconButton {...props} label={label} icon={<Icon name="bell" />} variant="quiet" tooltip={false} />
          {unread > 0 ? (
            <span className="count" aria-hidden="true">
              {unread > 99 ? "99+" : unread}
            </span>
          ) : null}
        </BellFrame>
      )}
    >
      {(close) => (
        <List>
          <div className="list-header">
            <span className="summary">{unread === 0 ? "All read" : `${unread} unread`}</span>
            <Button size="sm" variant="quiet" onClick={onMarkAllRead} disabled={unread === 0}>
              Mark all as read
            </Button>
          </div>
          {notifications.length === 0 ? (
            <p className="empty">No notifications yet. Mentions, actions for you and changes other people make to your KPIs show here.</p>
          ) : (
            <ul>
              {notifications.map((item) => {
                const at = typeof item.at === "string" ? new Date(item.at) : item.at;
                const choose = () => {
                  onSelect?.(item.id);
                  close();
                };
                const body = (
                  <>
                    <span className="text">{item.text}</span>
                    {item.detail ? <span className="detail">{item.detail}</span> : null}
                    <time dateTime={at.toISOString()} title={at.toLocaleString("en-GB")}>
                      {relativeTime(at, now)}
                    </time>
                  </>
                );
                return (
                  <li key={item.id} className={item.read ? "read" : "unread"}>
                    <span className="dot" aria-hidden="true" />
                    {!item.read ? <VisuallyHidden>Unread: </VisuallyHidden> : null}
                    <div className="entry">
                      {item.href ? (renderLink ? renderLink(item.href, body, choose) : <a href={item.href} onClick={choose}>{body}</a>) : body}
                    </div>
                  </li>
                );
              })}
            </ul>
          )}
        </List>
      )}
    </Popover>
  );
}

const BellFrame = styled.span`
  position: relative;
  display: inline-flex;
  .count {
    position: absolute;
    top: 0;
    right: 0;
    transform: translate(30%, -20%);
    min-width: 18px;
    height: 18px;
    padding: 0 5px;
    border-radius: ${RADIUS.pill};
    background: ${(p) => p.theme.danger};
    color: ${(p) => p.theme.dangerText};
    font-size: 11px;
    line-height: 18px;
    font-weight: ${FONT_WEIGHT.bold};
    text-align: center;
    pointer-events: none;
  }
`;

const List = styled.div`
  display: grid;
  gap: ${SPACE.sm};
  .list-header { display: flex; justify-content: space-between; align-items: center; gap: ${SPACE.sm}; }
  .summary { color: ${(p) => p.theme.textMuted}; font-size: ${TYPE_SCALE.sm.size}; }
  .empty { color: ${(p) => p.theme.textMuted}; padding: ${SPACE.md} 0; }
  ul { margin: 0 -${SPACE.sm}; padding: 0; list-style: none; display: grid; max-height: 420px; overflow: auto; }
  li { display: flex; gap: ${SPACE.sm}; align-items: start; padding: ${SPACE.sm}; border-radius: ${RADIUS.md}; }
  li + li { border-top: 1px solid ${(p) => p.theme.border}; }
  .dot { flex: none; width: 8px; height: 8px; margin-top: 6px; border-radius: 50%; background: transparent; }
  .unread .dot { background: ${(p) => p.theme.accent}; }
  .unread .text { font-weight: ${FONT_WEIGHT.medium}; }
  .detail { color: ${(p) => p.theme.textMuted}; font-size: ${TYPE_SCALE.sm.size}; overflow: hidden; text-overflow: ellipsis; display: -webkit-box; -webkit-line-clamp: 2; -webkit-box-orient: vertical; }
  .entry { display: grid; gap: ${SPACE.xxs}; min-width: 0; }
  .entry a { display: grid; gap: ${SPACE.xxs}; color: inherit; text-decoration: none; }
  .entry a:hover .text { text-decoration: underline; }
  .text { overflow-wrap: anywhere; }
  time { color: ${(p) => p.theme.textMuted}; font-size: ${TYPE_SCALE.sm.size}; }
`;

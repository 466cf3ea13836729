import { autoUpdate, flip, FloatingPortal, offset, shift, useDismiss, useFloating, useFocus, useHover, useInteractions, useMergeRefs, useRole } from "@floating-ui/react";
import { cloneElement, isValidElement, useState, type ReactElement, type ReactNode, type Ref } from "react";
import { styled } from "styled-components";
import { LAYER, RADIUS, SPACE, TYPE_SCALE } from "./tokens";

export interface TooltipProps {
  /** What the tooltip says: a short phrase, e.g. a fiscal bucket's months "Oct – Dec 2026". */
  readonly content: ReactNode;
  /** One focusable element (a button, a link, an element with tabIndex 0) that the tooltip explains. */
  readonly children: ReactElement;
  /**
   * Link the text to the element as its description (`aria-describedby`), so screen readers read
   * it too. Off where the text repeats the element's name (IconButton's label).
   */
  readonly describe?: boolean;
  readonly placement?: "top" | "bottom" | "left" | "right";
}

/**
 * A short hint shown on hover and on keyboard focus, dismissed with Escape. Never the only place
 * for information a person needs to act (touch screens have no hover).
 */
export function Tooltip({ content, children, describe = true, placement = "top" }: TooltipProps) {
  const [open, setOpen] = useState(false);
  const { refs, floatingStyles, context } = useFloating({
    open,
    onOpenChange: setOpen,
    placement,
    middleware: [offset(6), flip({ padding: 8 }), shift({ padding: 8 })],
    whileElementsMounted: autoUpdate,
  });
  const { getReferenceProps, getFloatingProps } = useInteractions([
    useHover(context, { delay: { open: 300, close: 0 }, move: false }),
    useFocus(context),
    useDismiss(context),
    useRole(context, { role: "tooltip", enabled: describe }),
  ]);
  const childRef = isValidElement(children) ? (children.props as { ref?: Ref<Element> }).ref : undefined;
  const ref = useMergeRefs([refs.setReference, childRef]);
  if (!isValidElement(children)) return <>{children}</>;
  return (
    <>
      {cloneElement(children, getReferenceProps({ ...(children.props as object), ref } as Record<string, unknown>))}
      {open && (
        <FloatingPortal>
          <Bubble ref={refs.setFloating} style={floatingStyles} {...getFloatingProps()} {...(describe ? {} : { "aria-hidden": true })}>
            {content}
          </Bubble>
        </FloatingPortal>
      )}
    </>
  );
}

const Bubble = styled.div`
  z-index: ${LAYER.tooltip};
  max-width: 280px;
  padding: ${SPACE.xs} ${SPACE.sm};
  border-radius: ${RADIUS.sm};
  background: ${(p) => p.theme.text};
  color: ${(p) => p.theme.background};
  font-size: ${TYPE_SCALE.xs.size};
  line-height: ${TYPE_SCALE.xs.lineHeight};
  pointer-events: none;
  box-shadow: ${(p) => p.theme.shadowOverlay};
`;

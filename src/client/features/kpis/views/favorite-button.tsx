import { styled } from "styled-components";
import type { AppState } from "../../../app/state";
import { useDispatch, useModel } from "../../../bus/use-model";
import { IconButton } from "../../../ui/icon-button";

/**
 * The star that adds a KPI to, or removes it from, the user's favorites (my dashboard). Its name
 * (also its tooltip) says the state the star shows and what a click does: "Revenue is a favorite:
 * remove it" for a filled star, "Revenue is not a favorite: add it" for an empty one.
 */
export function FavoriteButton({ kpiId, name }: { kpiId: number; name: string }) {
  const dispatch = useDispatch();
  const favorite = useModel((state: AppState) => state.kpis.favorites.includes(kpiId));
  return (
    <IconButton
      size="sm"
      label={favorite ? `${name} is a favorite: remove it` : `${name} is not a favorite: add it`}
      icon={<Star $on={favorite}>{favorite ? "★" : "☆"}</Star>}
      onClick={() => dispatch({ _tag: "ToggleFavorite", kpiId })}
    />
  );
}

const Star = styled.span<{ $on: boolean }>`
  font-size: 16px;
  line-height: 1;
  color: ${(p) => (p.$on ? p.theme.warning : p.theme.textMuted)};
`;

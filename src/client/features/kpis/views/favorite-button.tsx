import { styled } from "styled-components";
import type { AppState } from "../../../app/state";
import { useDispatch, useModel } from "../../../bus/use-model";

const Star = styled.button`
  border: none;
  background: none;
  cursor: pointer;
  font-size: 18px;
  line-height: 1;
  padding: 2px;
  color: ${(p) => p.theme.warning};
`;

/** The star that adds a KPI to, or removes it from, the user's favorites (my dashboard). */
export function FavoriteButton({ kpiId, name }: { kpiId: number; name: string }) {
  const dispatch = useDispatch();
  const favorite = useModel((state: AppState) => state.kpis.favorites.includes(kpiId));
  return (
    <Star type="button" aria-pressed={favorite} aria-label={favorite ? `Remove ${name} from favorites` : `Add ${name} to favorites`} onClick={() => dispatch({ _tag: "ToggleFavorite", kpiId })}>
      {favorite ? "★" : "☆"}
    </Star>
  );
}

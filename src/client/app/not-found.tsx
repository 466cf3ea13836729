import { styled } from "styled-components";

const Box = styled.div`
  padding: 48px 24px;
  text-align: center;
  color: ${(p) => p.theme.textMuted};
  h1 { color: ${(p) => p.theme.text}; font-size: 22px; font-weight: 600; }
`;

export function NotFound() {
  return (
    <Box>
      <h1>This page does not exist</h1>
      <p>Choose a screen from the menu.</p>
    </Box>
  );
}

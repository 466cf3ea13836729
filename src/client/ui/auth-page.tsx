import type { ReactNode } from "react";
import { styled } from "styled-components";
import { Card } from "./card";

const Page = styled.main`
  min-height: 100vh;
  display: grid;
  place-items: center;
  padding: 24px;
`;

export const AuthForm = styled.form`
  display: grid;
  gap: 16px;
  width: min(400px, 100%);
  h1 { margin: 0; font-size: 24px; letter-spacing: -0.02em; }
  p { margin: 0; }
`;

/** The frame of the signed-out screens: one card in the middle of the page. */
export function AuthPage({ children }: { children: ReactNode }) {
  return (
    <Page>
      <Card padding="xl">{children}</Card>
    </Page>
  );
}

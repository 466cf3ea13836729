import { useId, useState } from "react";
import { styled } from "styled-components";
import type { AppState } from "../../../app/state";
import { useDispatch, useModel } from "../../../bus/use-model";
import { Button } from "../../../ui/button";
import { SPACE, TYPE_SCALE } from "../../../ui/tokens";

/** The mails the company's users were sent (or, without SMTP, that wait in the embedded outbox). */
export function Outbox() {
  const dispatch = useDispatch();
  const mails = useModel((state: AppState) => state.users.outbox);
  const [open, setOpen] = useState(false);
  const listId = useId();
  return (
    <Section aria-label="Sent e-mails">
      <div>
        <Button
          aria-expanded={open}
          aria-controls={listId}
          onClick={() => {
            if (!open) dispatch({ _tag: "LoadOutbox" });
            setOpen(!open);
          }}
        >
          {open ? "Hide sent e-mails" : "Show sent e-mails"}
        </Button>
      </div>
      {open && (
        <ul id={listId} data-testid="outbox">
          {mails.length === 0 && <li>No e-mails yet.</li>}
          {mails.map((mail) => (
            <li key={mail.id}>
              {new Date(mail.at).toLocaleString()} · {mail.to} · {mail.subject} · {mail.status === "stored" ? "in the outbox (no SMTP configured)" : mail.status}
              {mail.error ? ` (${mail.error})` : ""}
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

const Section = styled.section`
  display: grid;
  gap: ${SPACE.sm};
  ul { margin: 0; padding-left: ${SPACE.lg}; font-size: ${TYPE_SCALE.sm.size}; overflow-wrap: anywhere; }
`;

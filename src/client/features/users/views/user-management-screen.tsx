import { useEffect, useMemo, useState, type FormEvent } from "react";
import { List, type RowComponentProps } from "react-window";
import { styled } from "styled-components";
import type { ManagedUser } from "../../../../contracts/users";
import { fieldMessagesText } from "../../../../domain/errors/display";
import type { AppState } from "../../../app/state";
import { useDispatch, useModel } from "../../../bus/use-model";
import { Button, DangerAlert, Field, ScreenPage } from "../../../ui/primitives";
import { UserEditor } from "./user-editor";

const SEARCH_DEBOUNCE_MS = 250;
const ROW_HEIGHT = 56;
const COLUMNS = "minmax(120px, 1fr) minmax(160px, 1.3fr) minmax(110px, 1fr) 44px 72px 410px";

const Toolbar = styled.div`
  display: flex;
  gap: 12px;
  align-items: end;
  flex-wrap: wrap;
  label { min-width: 260px; }
`;

const Table = styled.div`
  border: 1px solid ${(p) => p.theme.border};
  border-radius: 8px;
  overflow-x: auto;
  > * { min-width: 1000px; }
  .head, .row { display: grid; grid-template-columns: ${COLUMNS}; gap: 12px; align-items: center; padding: 0 12px; }
  .head { height: 40px; background: ${(p) => p.theme.surfaceRaised}; font-size: 13px; color: ${(p) => p.theme.textMuted}; }
  .row { border-top: 1px solid ${(p) => p.theme.border}; font-size: 14px; }
  .row > span { overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
  .actions { display: flex; gap: 6px; flex-wrap: nowrap; }
  .actions button { padding: 4px 8px; font-size: 13px; }
  .inactive { color: ${(p) => p.theme.textMuted}; }
`;

const Notice = styled.p`
  color: ${(p) => p.theme.text};
`;

/** settings/user-management: the company's users, invitations, access, 2FA resets. */
export default function UserManagementScreen() {
  const dispatch = useDispatch();
  const model = useModel((state: AppState) => state.users);
  const me = useModel((state: AppState) => state.session.profile?.id);
  const [search, setSearch] = useState("");
  const [editing, setEditing] = useState<ManagedUser | "new" | null>(null);

  useEffect(() => {
    const timer = setTimeout(() => dispatch({ _tag: "LoadUsers", search }), search ? SEARCH_DEBOUNCE_MS : 0);
    return () => clearTimeout(timer);
  }, [search, dispatch]);

  const rowProps = useMemo(() => ({ users: model.users, me, onEdit: (user: ManagedUser) => setEditing(user) }), [model.users, me]);

  return (
    <ScreenPage aria-labelledby="users-title" style={{ maxWidth: 1280 }}>
      <h1 id="users-title">User management</h1>
      <Toolbar>
        <Field>
          Search
          <input type="search" placeholder="Name or e-mail" value={search} onChange={(event) => setSearch(event.target.value)} />
        </Field>
        <Button $variant="primary" onClick={() => setEditing("new")}>
          Invite user
        </Button>
        <Button onClick={() => dispatch({ _tag: "DownloadUsersTemplate" })}>Download template</Button>
        <label style={{ minWidth: 0 }}>
          <span className="visually-hidden" style={{ position: "absolute", left: -9999 }}>
            Upload filled-in template
          </span>
          <input
            type="file"
            accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            aria-label="Upload filled-in template"
            onChange={(event) => {
              const file = event.target.files?.[0];
              if (file) dispatch({ _tag: "ImportUsers", file, fileName: file.name });
              event.target.value = "";
            }}
          />
        </label>
      </Toolbar>
      {model.importing.status === "loading" && <p aria-busy="true">Importing…</p>}
      {model.importing.status === "done" && (
        <div role="status" data-testid="import-result">
          <p>{model.importing.message}</p>
          {model.importing.lines.length > 0 && <DangerAlert>{model.importing.lines.join("\n")}</DangerAlert>}
        </div>
      )}
      {model.importing.status === "error" && (
        <DangerAlert data-testid="import-result">{[model.importing.message, ...model.importing.lines].filter(Boolean).join("\n")}</DangerAlert>
      )}
      {model.notice?.kind === "success" && <Notice role="status">{model.notice.text}</Notice>}
      {model.notice?.kind === "error" && <DangerAlert>{fieldMessagesText(model.notice.fields) || model.notice.text}</DangerAlert>}
      {model.load.status === "error" && <DangerAlert>{model.load.message}</DangerAlert>}
      {editing && <UserEditor user={editing === "new" ? null : editing} groups={model.groups} onClose={() => setEditing(null)} />}
      <Table role="table" aria-label="Users" aria-busy={model.load.status === "loading"}>
        <div className="head" role="row">
          <span role="columnheader">Name</span>
          <span role="columnheader">E-mail</span>
          <span role="columnheader">Groups</span>
          <span role="columnheader">2FA</span>
          <span role="columnheader">Status</span>
          <span role="columnheader">Actions</span>
        </div>
        {/* The virtual list holds the table's rows: a rowgroup, not the list it is by default. */}
        <List role="rowgroup" rowComponent={UserRow} rowCount={model.users.length} rowHeight={ROW_HEIGHT} rowProps={rowProps} style={{ maxHeight: "60vh" }} defaultHeight={ROW_HEIGHT * 8} />
      </Table>
      {model.load.status === "loaded" && model.users.length === 0 && <p>No users match.</p>}
      <Outbox />
    </ScreenPage>
  );
}

function UserRow({ index, style, users, me, onEdit }: RowComponentProps<{ users: readonly ManagedUser[]; me: number | undefined; onEdit: (user: ManagedUser) => void }>) {
  const dispatch = useDispatch();
  const [confirmDelete, setConfirmDelete] = useState(false);
  const user = users[index]!;
  const name = `${user.first_name} ${user.last_name}`.trim() || "—";
  const isMe = user.id === me;
  const submitDelete = (event: FormEvent) => {
    event.preventDefault();
    dispatch({ _tag: "DeleteUser", userId: user.id });
    setConfirmDelete(false);
  };
  return (
    <div className={`row${user.is_active ? "" : " inactive"}`} style={style} role="row" data-testid={`user-${user.email}`}>
      <span role="cell">{name}</span>
      <span role="cell">{user.email}</span>
      <span role="cell">{user.groups.map((group) => group.name).join(", ") || "—"}</span>
      <span role="cell">{user.two_factor_enabled ? "On" : "Off"}</span>
      <span role="cell">{user.is_active ? "Active" : "Inactive"}</span>
      <span role="cell" className="actions">
        {confirmDelete ? (
          <form onSubmit={submitDelete} style={{ display: "flex", gap: 6 }}>
            <Button type="submit" $variant="danger" aria-label={`Delete for good: ${user.email}`}>
              Delete for good
            </Button>
            <Button type="button" onClick={() => setConfirmDelete(false)}>
              Cancel
            </Button>
          </form>
        ) : (
          <>
            <Button onClick={() => onEdit(user)} aria-label={`Edit ${user.email}`}>
              Edit
            </Button>
            <Button onClick={() => dispatch({ _tag: "SetUserActive", userId: user.id, active: !user.is_active })} disabled={isMe} aria-label={`${user.is_active ? "Deactivate" : "Activate"} ${user.email}`}>
              {user.is_active ? "Deactivate" : "Activate"}
            </Button>
            <Button onClick={() => dispatch({ _tag: "ResetUserTwoFactor", userId: user.id })} disabled={!user.two_factor_enabled} aria-label={`Reset 2FA of ${user.email}`}>
              Reset 2FA
            </Button>
            <Button onClick={() => dispatch({ _tag: "SendWelcomeEmail", userId: user.id })} aria-label={`Resend invite to ${user.email}`}>
              Resend invite
            </Button>
            <Button $variant="danger" onClick={() => setConfirmDelete(true)} disabled={isMe} aria-label={`Delete ${user.email}`}>
              Delete
            </Button>
          </>
        )}
      </span>
    </div>
  );
}

/** The mails the company's users were sent (or, without SMTP, that wait in the embedded outbox). */
function Outbox() {
  const dispatch = useDispatch();
  const mails = useModel((state: AppState) => state.users.outbox);
  const [open, setOpen] = useState(false);
  return (
    <section aria-label="Sent e-mails">
      <Button
        aria-expanded={open}
        onClick={() => {
          if (!open) dispatch({ _tag: "LoadOutbox" });
          setOpen(!open);
        }}
      >
        {open ? "Hide sent e-mails" : "Show sent e-mails"}
      </Button>
      {open && (
        <ul data-testid="outbox" style={{ paddingLeft: 18 }}>
          {mails.length === 0 && <li>No e-mails yet.</li>}
          {mails.map((mail) => (
            <li key={mail.id}>
              {new Date(mail.at).toLocaleString()} · {mail.to} · {mail.subject} · {mail.status === "stored" ? "in the outbox (no SMTP configured)" : mail.status}
              {mail.error ? ` (${mail.error})` : ""}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

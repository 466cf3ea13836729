import { useCallback, useEffect, useState } from "react";
import type { ManagedUser } from "../../../../contracts/users";
import type { AppState } from "../../../app/state";
import { useDispatch, useModel } from "../../../bus/use-model";
import { Alert } from "../../../ui/alert";
import { Button } from "../../../ui/button";
import { FormField } from "../../../ui/form-field";
import { TextInput } from "../../../ui/inputs";
import { Page, Stack } from "../../../ui/layout";
import { PageHeader } from "../../../ui/page-header";
import { ErrorState, PermissionDenied } from "../../../ui/states";
import { FileButton } from "../../../ui/file-button";
import { selectCanManageUsers } from "../permissions";
import { Outbox } from "./outbox";
import { UserEditor } from "./user-editor";
import { UsersTable } from "./users-table";

const SEARCH_DEBOUNCE_MS = 250;

/**
 * settings/user-management: the company's users, invitations, access, 2FA resets. Everyone may
 * open the address (spec section 6: settings are always reachable); who may not manage users sees
 * only the explanation, and nothing is asked of the server on their behalf.
 */
export default function UserManagementScreen() {
  const allowed = useModel(selectCanManageUsers);
  return allowed ? <UserManagement /> : <PermissionDenied />;
}

function UserManagement() {
  const dispatch = useDispatch();
  const model = useModel((state: AppState) => state.users);
  const me = useModel((state: AppState) => state.session.profile?.id);
  const [search, setSearch] = useState("");
  const [editing, setEditing] = useState<ManagedUser | "new" | null>(null);
  const closeEditor = useCallback(() => setEditing(null), []);

  useEffect(() => {
    const timer = setTimeout(() => dispatch({ _tag: "LoadUsers", search }), search ? SEARCH_DEBOUNCE_MS : 0);
    return () => clearTimeout(timer);
  }, [search, dispatch]);

  return (
    <Page>
      <PageHeader
        title="User management"
        description="Invite people, choose their groups and grants, reset their two-factor authentication."
        actions={
          <>
            <Button variant="primary" onClick={() => setEditing("new")} aria-expanded={editing === "new"}>
              Invite user
            </Button>
            <Button onClick={() => dispatch({ _tag: "DownloadUsersTemplate" })}>Download template</Button>
            <UploadTemplate busy={model.importing.status === "loading"} />
          </>
        }
      />
      <ImportResult importing={model.importing} />
      {editing && <UserEditor key={editing === "new" ? "new" : editing.id} user={editing === "new" ? null : editing} groups={model.groups} onClose={closeEditor} />}
      <Stack>
        <div style={{ maxWidth: 360 }}>
          <FormField label="Search">
            <TextInput type="search" placeholder="Name or e-mail" value={search} onChange={(event) => setSearch(event.target.value)} />
          </FormField>
        </div>
        {model.load.status === "error" ? (
          <ErrorState message={model.load.message ?? "The users could not be loaded."} onRetry={() => dispatch({ _tag: "LoadUsers", search })} />
        ) : (
          <UsersTable users={model.users} me={me} loading={model.load.status === "loading" || model.load.status === "idle"} onEdit={setEditing} />
        )}
      </Stack>
      <Outbox />
    </Page>
  );
}

/** A button that opens the file chooser for the filled-in template (the input itself stays hidden). */
function UploadTemplate({ busy }: { busy: boolean }) {
  const dispatch = useDispatch();
  return (
    <>
      <FileButton
        busy={busy}
        label="Upload filled-in template"
        accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
        onFile={(file) => dispatch({ _tag: "ImportUsers", file, fileName: file.name })}
      />
    </>
  );
}

/** What the last template upload did: how many users came in, and every row that did not. */
function ImportResult({ importing }: { importing: AppState["users"]["importing"] }) {
  if (importing.status === "done") {
    return (
      <Alert tone={importing.lines.length > 0 ? "warning" : "success"} title={importing.message} data-testid="import-result">
        {importing.lines.length > 0 ? importing.lines.join("\n") : null}
      </Alert>
    );
  }
  if (importing.status === "error") {
    return (
      <Alert tone="danger" title="Nothing was imported" data-testid="import-result">
        {[importing.message, ...importing.lines].filter(Boolean).join("\n")}
      </Alert>
    );
  }
  return null;
}

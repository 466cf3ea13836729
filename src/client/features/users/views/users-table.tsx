import { styled } from "styled-components";
import type { ManagedUser } from "../../../../contracts/users";
import { useDispatch } from "../../../bus/use-model";
import { Badge } from "../../../ui/badge";
import { Button } from "../../../ui/button";
import { useConfirm } from "../../../ui/confirm";
import { Table, TableFrame, Td, Th } from "../../../ui/table-parts";
import { SPACE } from "../../../ui/tokens";

/**
 * The company's users as a table (real table semantics: a caption-less named table, column and
 * row headers) in its own scroll area, so at 390 px the table scrolls sideways and not the page,
 * with the name kept in view.
 * Destructive actions ask first.
 */
export function UsersTable({ users, me, loading, onEdit }: { users: readonly ManagedUser[]; me: number | undefined; loading: boolean; onEdit: (user: ManagedUser) => void }) {
  return (
    <TableFrame label="Users, scrollable" maxHeight="65vh">
      <Table aria-label="Users" aria-busy={loading || undefined}>
        <thead>
          <tr>
            <Th scope="col" sticky>
              Name
            </Th>
            <Th scope="col">E-mail</Th>
            <Th scope="col">Groups</Th>
            <Th scope="col">2FA</Th>
            <Th scope="col">Status</Th>
            <Th scope="col">Actions</Th>
          </tr>
        </thead>
        <tbody>
          {users.length === 0 ? (
            <tr>
              <td className="empty" colSpan={6}>
                {loading ? "Loading users…" : "No users match the search."}
              </td>
            </tr>
          ) : (
            users.map((user) => <UserRow key={user.id} user={user} isMe={user.id === me} onEdit={onEdit} />)
          )}
        </tbody>
      </Table>
    </TableFrame>
  );
}

function UserRow({ user, isMe, onEdit }: { user: ManagedUser; isMe: boolean; onEdit: (user: ManagedUser) => void }) {
  const dispatch = useDispatch();
  const confirm = useConfirm();
  const name = `${user.first_name} ${user.last_name}`.trim() || "—";
  const ask = async (command: Parameters<typeof dispatch>[0], question: Parameters<typeof confirm>[0]) => {
    if (await confirm(question)) dispatch(command);
  };
  const setActive = () =>
    user.is_active
      ? ask(
          { _tag: "SetUserActive", userId: user.id, active: false },
          { title: `Deactivate ${user.email}?`, message: "They are signed out and can no longer sign in. Their data stays; you can activate them again.", confirmLabel: "Deactivate", tone: "danger" },
        )
      : dispatch({ _tag: "SetUserActive", userId: user.id, active: true });
  return (
    <Row data-testid={`user-${user.email}`} className={user.is_active ? undefined : "inactive"}>
      <Th scope="row" sticky>
        {name}
      </Th>
      <Td>{user.email}</Td>
      <Td>{user.groups.map((group) => group.name).join(", ") || "—"}</Td>
      <Td>{user.two_factor_enabled ? <Badge tone="good">On</Badge> : <Badge>Off</Badge>}</Td>
      <Td>{user.is_active ? "Active" : "Inactive"}</Td>
      <Td>
        <div className="actions">
          <Button size="sm" variant="quiet" onClick={() => onEdit(user)} aria-label={`Edit ${user.email}`}>
            Edit
          </Button>
          <Button size="sm" variant="quiet" onClick={setActive} disabled={isMe} aria-label={`${user.is_active ? "Deactivate" : "Activate"} ${user.email}`}>
            {user.is_active ? "Deactivate" : "Activate"}
          </Button>
          <Button
            size="sm"
            variant="quiet"
            disabled={!user.two_factor_enabled}
            aria-label={`Reset 2FA of ${user.email}`}
            onClick={() =>
              ask(
                { _tag: "ResetUserTwoFactor", userId: user.id },
                { title: `Reset two-factor authentication of ${user.email}?`, message: "Their authenticator app stops working for Meridian; they set it up again at their next sign-in.", confirmLabel: "Reset 2FA", tone: "danger" },
              )
            }
          >
            Reset 2FA
          </Button>
          <Button size="sm" variant="quiet" onClick={() => dispatch({ _tag: "SendWelcomeEmail", userId: user.id })} aria-label={`Resend invite to ${user.email}`}>
            Resend invite
          </Button>
          <Button
            size="sm"
            variant="quiet"
            disabled={isMe}
            aria-label={`Delete ${user.email}`}
            onClick={() =>
              ask(
                { _tag: "DeleteUser", userId: user.id },
                { title: `Delete ${user.email} for good?`, message: "The user and their sign-in are removed. This cannot be undone; deactivate them instead to keep their history.", confirmLabel: "Delete", tone: "danger" },
              )
            }
          >
            Delete
          </Button>
        </div>
      </Td>
    </Row>
  );
}

const Row = styled.tr`
  .actions { display: flex; gap: ${SPACE.xs}; }
  &.inactive > :not(:last-child) { color: ${(p) => p.theme.textMuted}; }
`;

import { useState, type FormEvent } from "react";
import { styled } from "styled-components";
import type { PermissionGroup } from "../../../../contracts/auth";
import type { ManagedUser } from "../../../../contracts/users";
import { useDispatch } from "../../../bus/use-model";
import { Button, Card, Field } from "../../../ui/primitives";

/** The grants an administrator gives one user, beyond the groups (spec section 6). */
const GRANTS: readonly { permission: string; label: string }[] = [
  { permission: "can_build_kpis", label: "Query builder" },
  { permission: "access_liquidity_planning", label: "Liquidity planning" },
];

const Form = styled.form`
  display: grid;
  gap: 14px;
  fieldset { border: 1px solid ${(p) => p.theme.border}; border-radius: 6px; padding: 10px 14px; display: flex; flex-wrap: wrap; gap: 8px 18px; }
  legend { padding: 0 6px; color: ${(p) => p.theme.textMuted}; font-size: 13px; }
  .names { display: grid; grid-template-columns: 1fr 1fr; gap: 12px; }
  .buttons { display: flex; gap: 8px; justify-content: flex-end; }
`;

/** Invite a user (with a welcome e-mail) or edit one: names, groups and per-user grants. */
export function UserEditor({ user, groups, onClose }: { user: ManagedUser | null; groups: readonly (typeof PermissionGroup.Type)[]; onClose: () => void }) {
  const dispatch = useDispatch();
  const [email, setEmail] = useState(user?.email ?? "");
  const [firstName, setFirstName] = useState(user?.first_name ?? "");
  const [lastName, setLastName] = useState(user?.last_name ?? "");
  const [groupIds, setGroupIds] = useState<number[]>(user?.groups.map((group) => group.id) ?? []);
  const [grants, setGrants] = useState<string[]>(user?.user_permissions.filter((grant) => GRANTS.some((known) => known.permission === grant)) ?? []);
  const toggle = <T,>(list: T[], value: T) => (list.includes(value) ? list.filter((item) => item !== value) : [...list, value]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!user) {
      dispatch({ _tag: "InviteUser", email, firstName, lastName, groupIds });
    } else {
      dispatch({ _tag: "RenameUser", userId: user.id, firstName, lastName });
      dispatch({ _tag: "SetUserAccess", userId: user.id, groupIds, grants });
    }
    onClose();
  };

  return (
    <Card>
      <Form method="post" onSubmit={submit} aria-label={user ? `Edit ${user.email}` : "Invite user"}>
        <h2 style={{ margin: 0, fontSize: 17 }}>{user ? `Edit ${user.email}` : "Invite a user"}</h2>
        {!user && (
          <Field>
            E-mail
            <input type="email" name="email" required value={email} onChange={(event) => setEmail(event.target.value)} />
          </Field>
        )}
        <div className="names">
          <Field>
            First name
            <input name="first_name" value={firstName} onChange={(event) => setFirstName(event.target.value)} />
          </Field>
          <Field>
            Last name
            <input name="last_name" value={lastName} onChange={(event) => setLastName(event.target.value)} />
          </Field>
        </div>
        <fieldset>
          <legend>Groups</legend>
          {groups.map((group) => (
            <label key={group.id}>
              <input type="checkbox" checked={groupIds.includes(group.id)} onChange={() => setGroupIds(toggle(groupIds, group.id))} /> {group.name}
            </label>
          ))}
        </fieldset>
        {user && (
          <fieldset>
            <legend>Also grant this user</legend>
            {GRANTS.map((grant) => (
              <label key={grant.permission}>
                <input type="checkbox" checked={grants.includes(grant.permission)} onChange={() => setGrants(toggle(grants, grant.permission))} /> {grant.label}
              </label>
            ))}
          </fieldset>
        )}
        {!user && <p style={{ margin: 0, fontSize: 13 }}>The user receives an e-mail with a link to choose a password.</p>}
        <div className="buttons">
          <Button type="button" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" $variant="primary">
            {user ? "Save" : "Invite"}
          </Button>
        </div>
      </Form>
    </Card>
  );
}

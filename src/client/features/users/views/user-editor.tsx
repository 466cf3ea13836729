import { useContext, useEffect, useState, type FormEvent } from "react";
import { styled } from "styled-components";
import type { PermissionGroup } from "../../../../contracts/auth";
import type { Command } from "../../../../contracts/messages";
import type { ManagedUser } from "../../../../contracts/users";
import type { AppState } from "../../../app/state";
import { BusContext, useModel } from "../../../bus/use-model";
import { Alert } from "../../../ui/alert";
import { Button } from "../../../ui/button";
import { Card } from "../../../ui/card";
import { FieldError, FormField } from "../../../ui/form-field";
import { Checkbox, TextInput } from "../../../ui/inputs";
import { Cluster } from "../../../ui/layout";
import { FONT_WEIGHT, MEDIA, SPACE, TYPE_SCALE } from "../../../ui/tokens";
import { formErrors } from "../../account/form-errors";

/** The grants an administrator gives one user, beyond the groups (spec section 6). */
const GRANTS: readonly { permission: string; label: string }[] = [
  { permission: "can_build_kpis", label: "Query builder" },
  { permission: "access_liquidity_planning", label: "Liquidity planning" },
];

/** The API's names of the fields this form shows; other messages go in the alert above it. */
const FIELDS = ["email", "first_name", "last_name", "groups", "user_permissions"] as const;

/**
 * Invite a user (with a welcome e-mail) or edit one: names, groups and per-user grants. The form
 * stays open while the server answers; its errors appear next to their fields, and it closes
 * once every change it sent succeeded (the toast says so).
 */
export function UserEditor({ user, groups, onClose }: { user: ManagedUser | null; groups: readonly (typeof PermissionGroup.Type)[]; onClose: () => void }) {
  const bus = useContext(BusContext);
  const [email, setEmail] = useState(user?.email ?? "");
  const [firstName, setFirstName] = useState(user?.first_name ?? "");
  const [lastName, setLastName] = useState(user?.last_name ?? "");
  const [groupIds, setGroupIds] = useState<number[]>(user?.groups.map((group) => group.id) ?? []);
  const [grants, setGrants] = useState<string[]>(user?.user_permissions.filter((grant) => GRANTS.some((known) => known.permission === grant)) ?? []);
  // The ids of the commands the last submit sent: their outcomes decide between closing and errors.
  const [sent, setSent] = useState<readonly string[]>([]);
  const outcomes = useModel((state: AppState) => state.users.outcomes);
  const answered = sent.map((id) => outcomes[id]);
  const busy = sent.length > 0 && answered.some((outcome) => !outcome);
  const failure = answered.find((outcome) => outcome && !outcome.ok);
  const errors = formErrors(failure?.fields ?? {}, FIELDS);
  const succeeded = sent.length > 0 && answered.every((outcome) => outcome?.ok);
  useEffect(() => {
    if (succeeded) onClose();
  }, [succeeded, onClose]);

  const toggle = <T,>(list: T[], value: T) => (list.includes(value) ? list.filter((item) => item !== value) : [...list, value]);
  const send = (command: Command) => bus!.dispatch(command).commandId;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (!user) setSent([send({ _tag: "InviteUser", email, firstName, lastName, groupIds })]);
    else setSent([send({ _tag: "RenameUser", userId: user.id, firstName, lastName }), send({ _tag: "SetUserAccess", userId: user.id, groupIds, grants })]);
  };
  const title = user ? `Edit ${user.email}` : "Invite a user";
  // A failure with nothing to show next to a field still says what went wrong.
  const general = errors.rest || (failure && Object.keys(errors.byField).length === 0 ? failure.message : "");

  return (
    <Card title={title}>
      {/* Checked by the server, whose messages appear next to the fields: no browser bubbles. */}
      <Form method="post" onSubmit={submit} aria-label={user ? title : "Invite user"} noValidate>
        {general ? <Alert tone="danger">{general}</Alert> : null}
        {!user && (
          <FormField label="E-mail" required error={errors.byField["email"]} help="The user receives an e-mail with a link to choose a password.">
            <TextInput type="email" name="email" autoComplete="off" autoFocus value={email} onChange={(event) => setEmail(event.target.value)} />
          </FormField>
        )}
        <div className="names">
          <FormField label="First name" error={errors.byField["first_name"]}>
            <TextInput name="first_name" autoFocus={!!user} value={firstName} onChange={(event) => setFirstName(event.target.value)} />
          </FormField>
          <FormField label="Last name" error={errors.byField["last_name"]}>
            <TextInput name="last_name" value={lastName} onChange={(event) => setLastName(event.target.value)} />
          </FormField>
        </div>
        <fieldset>
          <legend>Groups</legend>
          <Cluster $gap="lg">
            {groups.map((group) => (
              <Checkbox key={group.id} label={group.name} checked={groupIds.includes(group.id)} onChange={() => setGroupIds(toggle(groupIds, group.id))} />
            ))}
          </Cluster>
          {errors.byField["groups"] ? <FieldError id="user-groups-error" label="Groups" messages={errors.byField["groups"]} /> : null}
        </fieldset>
        {user && (
          <fieldset>
            <legend>Also grant this user</legend>
            <Cluster $gap="lg">
              {GRANTS.map((grant) => (
                <Checkbox key={grant.permission} label={grant.label} checked={grants.includes(grant.permission)} onChange={() => setGrants(toggle(grants, grant.permission))} />
              ))}
            </Cluster>
            {errors.byField["user_permissions"] ? <FieldError id="user-grants-error" label="Also grant this user" messages={errors.byField["user_permissions"]} /> : null}
          </fieldset>
        )}
        <Cluster $justify="end">
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="primary" busy={busy}>
            {user ? "Save" : "Invite"}
          </Button>
        </Cluster>
      </Form>
    </Card>
  );
}

const Form = styled.form`
  display: grid;
  gap: ${SPACE.lg};
  max-width: 720px;
  fieldset { border: 0; margin: 0; padding: 0; display: grid; gap: ${SPACE.sm}; min-width: 0; }
  legend { padding: 0; margin-bottom: ${SPACE.sm}; font-size: ${TYPE_SCALE.sm.size}; font-weight: ${FONT_WEIGHT.medium}; }
  .names { display: grid; grid-template-columns: 1fr 1fr; gap: ${SPACE.md}; }
  ${MEDIA.narrow} { .names { grid-template-columns: 1fr; } }
`;

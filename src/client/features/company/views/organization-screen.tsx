import { useEffect, useState } from "react";
import type { OrgDepartment, OrgTeam } from "../../../../contracts/organization";
import type { AppState } from "../../../app/state";
import { useDispatch, useModel } from "../../../bus/use-model";
import { Alert } from "../../../ui/alert";
import { Button } from "../../../ui/button";
import { Card } from "../../../ui/card";
import { useConfirm } from "../../../ui/confirm";
import { DataTable } from "../../../ui/data-table";
import { Cluster, Page, Stack } from "../../../ui/layout";
import { PageHeader } from "../../../ui/page-header";
import { EmptyState, ErrorState, LoadingState } from "../../../ui/states";
import { selectMayManageCompany } from "../permissions";
import { UnitDialog, type UnitDialogTarget } from "./unit-dialog";

/**
 * settings/organizational-structure: departments, each with its teams, leads and members. Every
 * user reads it; company administrators create, change and delete units. OKRs and liquidity
 * planning refer to these units, so a unit in use cannot be deleted (the server says by what).
 */
export default function OrganizationScreen() {
  const dispatch = useDispatch();
  const model = useModel((state: AppState) => state.company.organization);
  const action = useModel((state: AppState) => state.company.action);
  const mayManage = useModel(selectMayManageCompany);
  const [dialog, setDialog] = useState<UnitDialogTarget | null>(null);
  useEffect(() => {
    dispatch({ _tag: "LoadOrganization" });
  }, [dispatch]);
  const deleteError = action.action === "unit-delete" && action.status === "error" ? action.message : null;
  return (
    <Page>
      <PageHeader
        title="Organizational structure"
        description="Departments and their teams, with leads and members. OKRs and liquidity planning are organised by them."
        actions={
          mayManage ? (
            <Button variant="primary" onClick={() => setDialog({ kind: "department", unit: null, departmentId: null })}>
              New department
            </Button>
          ) : null
        }
      />
      {deleteError ? (
        <Alert tone="danger" title="Not deleted" data-testid="delete-refused">
          {deleteError}
        </Alert>
      ) : null}
      {model.status === "error" ? (
        <ErrorState message={model.message ?? "The structure could not be loaded."} onRetry={() => dispatch({ _tag: "LoadOrganization" })} />
      ) : model.status !== "loaded" ? (
        <LoadingState label="Loading the structure…" />
      ) : model.structure.departments.length === 0 ? (
        <EmptyState title="No departments yet" text={mayManage ? "Create the first department, then its teams." : "An administrator sets up the company's departments and teams here."} />
      ) : (
        <Stack $gap="lg">
          {model.structure.departments.map((department) => (
            <DepartmentCard key={department.id} department={department} mayManage={mayManage} onEdit={setDialog} />
          ))}
        </Stack>
      )}
      {dialog ? <UnitDialog target={dialog} departments={model.structure.departments} people={model.people} onClose={() => setDialog(null)} /> : null}
    </Page>
  );
}

function DepartmentCard({ department, mayManage, onEdit }: { department: OrgDepartment; mayManage: boolean; onEdit: (target: UnitDialogTarget) => void }) {
  const remove = useRemove();
  return (
    <Card
      title={department.name}
      data-testid={`department-${department.name}`}
      actions={
        mayManage ? (
          <Cluster $gap="xs">
            <Button size="sm" onClick={() => onEdit({ kind: "team", unit: null, departmentId: department.id })}>
              Add team
            </Button>
            <Button size="sm" variant="quiet" onClick={() => onEdit({ kind: "department", unit: department, departmentId: null })} aria-label={`Edit department ${department.name}`}>
              Edit
            </Button>
            <Button size="sm" variant="quiet" onClick={() => remove("department", department.id, department.name)} aria-label={`Delete department ${department.name}`}>
              Delete
            </Button>
          </Cluster>
        ) : null
      }
    >
      <Stack $gap="sm">
        <p>
          Lead: {department.lead?.name ?? "none"} · Members: {department.members.length === 0 ? "none" : department.members.map((member) => member.name).join(", ")}
        </p>
        <DataTable<OrgTeam>
          label={`Teams of ${department.name}`}
          rows={department.teams}
          rowKey={(team) => team.id}
          maxHeight="none"
          empty="No teams yet."
          columns={[
            { key: "name", header: "Team", rowHeader: true, cell: (team) => team.name, sortValue: (team) => team.name },
            { key: "lead", header: "Lead", cell: (team) => team.lead?.name ?? "–" },
            { key: "members", header: "Members", cell: (team) => (team.members.length === 0 ? "–" : team.members.map((member) => member.name).join(", ")) },
            ...(mayManage
              ? [
                  {
                    key: "actions",
                    header: "Actions",
                    cell: (team: OrgTeam) => (
                      <Cluster $gap="xs">
                        <Button size="sm" variant="quiet" onClick={() => onEdit({ kind: "team", unit: team, departmentId: team.departmentId })} aria-label={`Edit team ${team.name}`}>
                          Edit
                        </Button>
                        <Button size="sm" variant="quiet" onClick={() => remove("team", team.id, team.name)} aria-label={`Delete team ${team.name}`}>
                          Delete
                        </Button>
                      </Cluster>
                    ),
                  },
                ]
              : []),
          ]}
        />
      </Stack>
    </Card>
  );
}

function useRemove() {
  const dispatch = useDispatch();
  const confirm = useConfirm();
  return async (kind: "department" | "team", unitId: number, name: string) => {
    const yes = await confirm({
      title: `Delete the ${kind} “${name}”?`,
      message: kind === "team" ? "Its members stay users of the company; they are no longer in this team." : "A department with teams cannot be deleted: delete or move its teams first.",
      confirmLabel: `Delete ${kind}`,
      tone: "danger",
    });
    if (yes) dispatch({ _tag: "DeleteOrgUnit", unitId, name });
  };
}

import { Schema } from "@effect/schema";
import { Effect } from "effect";
import type { Observable } from "rxjs";
import type { DomainEvent } from "../../../contracts/messages";
import {
  CheckInsLoaded,
  CheckInsLoadFailed,
  ExternalTasksLoaded,
  ExternalTasksLoadFailed,
  ObjectiveLoaded,
  ObjectiveLoadFailed,
  ObjectivesLoaded,
  ObjectivesLoadFailed,
  OkrContextLoaded,
  OkrContextLoadFailed,
  type ObjectivesQuery,
} from "../../../contracts/messages/okrs";
import { CheckInsResponse, ExternalTasksResponse, Objective, ObjectivesResponse, OkrCategoriesResponse, StatusOptionsResponse } from "../../../contracts/okrs";
import { OrgPerson, OrgStructure } from "../../../contracts/organization";
import type { EpicDeps } from "../../app/deps";
import { describeApiError } from "../../effect/errors";
import { outcome$ } from "../../effect/observable";

export const OBJECTIVE_GONE_TEXT = "This objective does not exist, or it is not one you may read.";

const get = <A>(deps: EpicDeps, path: string, decode: Schema.Schema<A, any>, query?: Record<string, string | undefined>) =>
  deps.api.request({ root: "main", method: "GET", path, decode, idempotent: true, ...(query ? { query } : {}) });

/**
 * Statuses, units and people. People: an administrator reads the company's active people; anyone
 * else the people of the organizational structure (leads and members), which every signed-in
 * person may read. Memberships come from the same structure.
 */
export function loadContext$(deps: EpicDeps, mayListPeople: boolean, me: { id: number; name: string } | null): Observable<DomainEvent> {
  const people = mayListPeople ? get(deps, "/organization/people/", Schema.Struct({ people: Schema.Array(OrgPerson) })) : Effect.succeed({ people: [] as readonly OrgPerson[] });
  const all = Effect.all([get(deps, "/okrs/statuses/", StatusOptionsResponse), get(deps, "/okrs/categories/", OkrCategoriesResponse), get(deps, "/organization/", OrgStructure), people], { concurrency: "unbounded" });
  return outcome$(
    all,
    ([statuses, categories, structure, listed]): DomainEvent => {
      const byId = new Map<number, OrgPerson>(listed.people.map((person) => [person.id, person]));
      const units = new Map<number, number[]>();
      const join = (person: OrgPerson | null, unitId: number) => {
        if (!person) return;
        if (!byId.has(person.id)) byId.set(person.id, person);
        units.set(person.id, [...(units.get(person.id) ?? []), unitId]);
      };
      for (const department of structure.departments) {
        join(department.lead, department.id);
        for (const member of department.members) join(member, department.id);
        for (const team of department.teams) {
          join(team.lead, team.id);
          for (const member of team.members) join(member, team.id);
        }
      }
      if (me && !byId.has(me.id)) byId.set(me.id, me);
      return OkrContextLoaded.make({
        statuses: statuses.statuses,
        categories: categories.categories,
        people: [...byId.values()],
        memberships: [...units.entries()].map(([userId, unitIds]) => ({ userId, unitIds: [...new Set(unitIds)] })),
      });
    },
    (error): DomainEvent => OkrContextLoadFailed.make({ message: describeApiError(error) }),
  );
}

export const objectivesQueryParams = (query: ObjectivesQuery): Record<string, string | undefined> => ({
  level: query.level ?? undefined,
  categoryId: query.categoryId?.toString(),
  ownerUserId: query.ownerUserId?.toString(),
  from: query.from,
  to: query.to,
});

export function loadObjectives$(deps: EpicDeps, listKey: string, query: ObjectivesQuery): Observable<DomainEvent> {
  return outcome$(
    get(deps, "/okrs/objectives/", ObjectivesResponse, objectivesQueryParams(query)),
    (answer): DomainEvent => ObjectivesLoaded.make({ listKey, query, objectives: answer.objectives }),
    (error): DomainEvent => ObjectivesLoadFailed.make({ listKey, message: describeApiError(error) }),
  );
}

export function loadObjective$(deps: EpicDeps, objectiveId: number): Observable<DomainEvent> {
  return outcome$(
    get(deps, `/okrs/objectives/${objectiveId}/`, Objective),
    (objective): DomainEvent => ObjectiveLoaded.make({ objective }),
    (error): DomainEvent => ObjectiveLoadFailed.make({ objectiveId, message: error._tag === "NotFound" ? OBJECTIVE_GONE_TEXT : describeApiError(error), notFound: error._tag === "NotFound" }),
  );
}

export function loadCheckIns$(deps: EpicDeps, keyResultId: number): Observable<DomainEvent> {
  return outcome$(
    get(deps, `/okrs/key-results/${keyResultId}/check-ins/`, CheckInsResponse),
    (answer): DomainEvent => CheckInsLoaded.make({ keyResultId, checkIns: answer.checkIns }),
    (error): DomainEvent => CheckInsLoadFailed.make({ keyResultId, message: describeApiError(error) }),
  );
}

export function loadExternalTasks$(deps: EpicDeps, objectiveId: number): Observable<DomainEvent> {
  return outcome$(
    get(deps, "/okrs/external-tasks/", ExternalTasksResponse, { objectiveId: String(objectiveId) }),
    (answer): DomainEvent => ExternalTasksLoaded.make({ objectiveId, tasks: answer.externalTasks }),
    (error): DomainEvent => ExternalTasksLoadFailed.make({ objectiveId, message: describeApiError(error) }),
  );
}

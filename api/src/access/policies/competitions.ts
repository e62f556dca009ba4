/** The access policy of Competition: the events a user reaches and manages, and grading (access.ts registers it). */
import { eq, inArray, isNull, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { competitionGraders, competitions } from '../../db/schema';
import { Actor, POLICY_TEXT, isAdmin, Decision, allow, deny, NO_ROWS, ResourcePolicy } from '../policy';
import { affairCenter } from './accounts';

export interface CompetitionRow {
  centerId: number | null;
}

/** Staff by type: only administrators and giáo vụ manage competitions, whatever a role of another type is given. */
export function isCompetitionStaff(actor: Actor): boolean {
  return isAdmin(actor) || actor.type === 'administrator' || actor.type === 'academic_affair';
}

/** Whether `actor` manages (creates, changes, deletes) an event of this centre (null: of every centre). */
export function managesEventOf(actor: Actor, centerId: number | null): boolean {
  if (!isCompetitionStaff(actor)) return false;
  const center = affairCenter(actor);
  return !center || centerId === center;
}

export const eventDecision = (actor: Actor, row: CompetitionRow): Decision =>
  managesEventOf(actor, row.centerId) ? allow : deny(isCompetitionStaff(actor) ? POLICY_TEXT.ownCenterCompetitions : undefined);

export const competitionPolicy: ResourcePolicy<CompetitionRow, CompetitionRow> = {
  scope(actor) {
    if (!isCompetitionStaff(actor)) return NO_ROWS;
    const center = affairCenter(actor);
    return center ? (or(isNull(competitions.centerId), eq(competitions.centerId, center)) as SQL) : 'all';
  },
  read(actor, row) {
    if (!isCompetitionStaff(actor)) return deny();
    const center = affairCenter(actor);
    return !center || row.centerId === null || row.centerId === center ? allow : deny(POLICY_TEXT.ownCenterCompetitions);
  },
  create: eventDecision,
  update(actor, row, change) {
    const now = eventDecision(actor, row);
    if (!now.allowed || change.centerId === undefined) return now;
    return eventDecision(actor, { centerId: change.centerId });
  },
  delete: eventDecision,
};

/**
 * The events `actor` reaches, as a condition on a column holding a competition_id (a round's, an
 * examinee's): undefined when every event is in reach. Rounds and examinees follow their event.
 */
export function competitionReach(actor: Actor, competitionId: AnyColumn): SQL | undefined {
  const scope = competitionPolicy.scope(actor);
  if (scope === 'all') return undefined;
  return inArray(competitionId, sql`(select ${competitions.competitionId} from ${competitions} where ${scope})`);
}

/** Whether `actor` grades every subject of the events they reach (staff), rather than the subjects assigned to them (a teacher). */
export function gradesEverySubject(actor: Actor): boolean {
  return isCompetitionStaff(actor);
}

/** The events a grader reaches: staff as competitionReach; a teacher the events where a subject is assigned to them; a student none. */
export function gradingReach(actor: Actor, competitionId: AnyColumn): SQL | undefined {
  if (isCompetitionStaff(actor)) return competitionReach(actor, competitionId);
  if (actor.type !== 'teacher') return NO_ROWS;
  return inArray(competitionId, sql`(select ${competitionGraders.competitionId} from ${competitionGraders} where ${competitionGraders.userId} = ${actor.id})`);
}

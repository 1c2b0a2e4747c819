/** Automatic assignment of new records to the staff marked available (docs/admin.md#automatic-assignment). */
import { z } from 'zod';
import { DESK_LISTS, type Assignee, type DeskListName } from './desk';

/** How a worked list's new records get an owner. */
export interface AssignmentRule {
  list: DeskListName;
  /** New records go round the available agents and owners, one each in turn. */
  automatic: boolean;
  /**
   * At most this many open records per person (null: no cap). A record nobody available has room
   * for waits unassigned, and the oldest waiting one goes to the next who has room.
   */
  openCap: number | null;
}

export const OPEN_CAP_MAX = 1000;
const CAP_MESSAGE = `openCap must be a whole number from 1 to ${OPEN_CAP_MAX}, or null for no cap`;

/** PUT <adminAssignmentRules>/:list (owners). */
export const assignmentRuleSchema = z.object({
  automatic: z.boolean({ error: 'automatic must be true or false' }),
  openCap: z.number({ error: CAP_MESSAGE }).int(CAP_MESSAGE).min(1, CAP_MESSAGE).max(OPEN_CAP_MAX, CAP_MESSAGE).nullable(),
});
export type AssignmentRuleInput = z.output<typeof assignmentRuleSchema>;

export const isDeskList = (list: string): list is DeskListName => (DESK_LISTS as readonly string[]).includes(list);

/**
 * Who the timeline and the live toast name for what the automatic assignment does (a timeline
 * keeps an actor's id and e-mail: the e-mail here is the name it shows).
 */
export const AUTOMATIC_ASSIGNER: Assignee = {
  id: 'automatic-assignment',
  email: 'Automatic assignment',
  name: 'Automatic assignment',
};

import { openStatusesOf, type DeskListName, type ListFilters, type ResponseFilter } from '@sourcing/shared';
import { dbTime, type Engine } from '../../db/engine';

/**
 * The condition a worked list's `response` adds (docs/api.md#response-targets): `at-risk` keeps its
 * unanswered open records whose warning time came (due within the warning's lead time, or already
 * missed), a range of the `_response_open` index (migration 1795000003700).
 */
export function responseConditions(
  list: DeskListName,
  filters: ListFilters,
  now: Date,
  engine: Engine,
): { where: string[]; params: unknown[] } {
  if ((filters as { response?: ResponseFilter }).response !== 'at-risk') return { where: [], params: [] };
  const open = openStatusesOf(list);
  return {
    where: [
      'r."firstResponseAt" IS NULL AND r."responseDueAt" IS NOT NULL AND r."responseWarnAt" <= ?',
      `r."status" IN (${open.map(() => '?').join(', ')})`,
    ],
    params: [dbTime(engine, now), ...open],
  };
}

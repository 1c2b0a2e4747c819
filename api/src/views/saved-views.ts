import { assigneeOf } from '../staff/staff-names';
import { randomUUID } from 'node:crypto';
import {
  viewParamKeysOf,
  listColumnsOf,
  VIEW_MESSAGES,
  type AdminListName,
  type ColumnChoices,
  type CreateViewInput,
  type SavedView,
  type UpdateViewInput,
  type ViewParams,
} from '@sourcing/shared';
import type { AppDeps } from '../app-deps';
import { dbTime, timeFromDb } from '../db/engine';
import { HttpError } from '../http/errors';
import { parseInput } from '../http/validate';
import { listQuerySchemaOf } from '../records/list/list-query';
import { RECORD_KINDS } from '../records/record-kinds';

type ViewDeps = Pick<AppDeps, 'db' | 'now'>;

/** A boolean as both engines take it as a parameter (better-sqlite3 binds no booleans). */
const flag = (value: boolean) => (value ? 1 : 0);

/** A view's parameters as the list itself would read them: 400 when the list would refuse one, or has no such parameter. */
export function checkParams(list: AdminListName, params: ViewParams): ViewParams {
  const { definition } = RECORD_KINDS[list];
  const known = new Set(viewParamKeysOf(definition));
  if (Object.keys(params).some((key) => !known.has(key))) {
    throw new HttpError(400, VIEW_MESSAGES.params, { params: VIEW_MESSAGES.params });
  }
  parseInput(listQuerySchemaOf(definition), params, VIEW_MESSAGES.params);
  return params;
}

/** Hidden column keys of a list, each once: 400 for a key the list lacks, or its first column (the record's link). */
export function checkHiddenColumns(list: AdminListName, hidden: readonly string[]): string[] {
  const [first, ...rest] = listColumnsOf(RECORD_KINDS[list].definition).map((column) => column.key);
  const hideable = new Set(rest);
  if (hidden.some((key) => key === first || !hideable.has(key))) {
    throw new HttpError(400, VIEW_MESSAGES.columns, { hiddenColumns: VIEW_MESSAGES.columns });
  }
  return [...new Set(hidden)];
}

interface ViewRow {
  id: string;
  adminId: string;
  email: string;
  displayName: string;
  list: AdminListName;
  name: string;
  params: string;
  hiddenColumns: string;
  shared: boolean | number;
  updatedAt: Date | string;
}

function present(row: ViewRow): SavedView {
  return {
    id: row.id,
    list: row.list,
    name: row.name,
    params: JSON.parse(row.params) as ViewParams,
    hiddenColumns: JSON.parse(row.hiddenColumns) as string[],
    shared: Boolean(row.shared),
    owner: assigneeOf({ id: row.adminId, email: row.email, displayName: row.displayName }),
    updatedAt: timeFromDb(row.updatedAt).toISOString(),
  };
}

const SELECT_VIEWS = `SELECT v."id", v."adminId", a."email", a."display_name" AS "displayName", v."list", v."name", v."params", v."hiddenColumns", v."shared", v."updatedAt"
FROM "saved_views" "v" JOIN "admins" "a" ON a."id" = v."adminId"`;

/** The views an admin sees of a list: their own and those others share, by name. */
export async function viewsOf(deps: ViewDeps, adminId: string, list: AdminListName): Promise<SavedView[]> {
  const rows = await deps.db.all<ViewRow>(
    `${SELECT_VIEWS} WHERE v."list" = ? AND (v."adminId" = ? OR v."shared" = ?) ORDER BY v."name", a."email", v."id"`,
    [list, adminId, flag(true)],
  );
  return rows.map(present);
}

async function viewById(deps: Pick<AppDeps, 'db'>, id: string): Promise<ViewRow | undefined> {
  const [row] = await deps.db.all<ViewRow>(`${SELECT_VIEWS} WHERE v."id" = ?`, [id]);
  return row;
}

async function nameTaken(tx: Pick<AppDeps['db'], 'all'>, adminId: string, list: string, name: string, except = '') {
  const rows = await tx.all('SELECT "id" FROM "saved_views" WHERE "adminId" = ? AND "list" = ? AND "name" = ? AND "id" <> ?', [
    adminId,
    list,
    name,
    except,
  ]);
  return rows.length > 0;
}

export async function createView(deps: ViewDeps, adminId: string, input: CreateViewInput): Promise<SavedView> {
  const params = checkParams(input.list, input.params);
  const hidden = checkHiddenColumns(input.list, input.hiddenColumns);
  const id = randomUUID();
  const now = dbTime(deps.db.engine, deps.now());
  await deps.db.transaction(async (tx) => {
    if (await nameTaken(tx, adminId, input.list, input.name)) throw new HttpError(409, VIEW_MESSAGES.nameTaken);
    await tx.run(
      `INSERT INTO "saved_views" ("id", "adminId", "list", "name", "params", "hiddenColumns", "shared", "createdAt", "updatedAt")
VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      [id, adminId, input.list, input.name, JSON.stringify(params), JSON.stringify(hidden), flag(input.shared), now, now],
    );
  });
  return present((await viewById(deps, id))!);
}

/** An admin's own view: 404 when there is none, 403 for a view another admin shares. */
async function ownView(deps: ViewDeps, adminId: string, id: string): Promise<ViewRow> {
  const row = await viewById(deps, id);
  if (!row || (row.adminId !== adminId && !row.shared)) throw new HttpError(404, VIEW_MESSAGES.notFound);
  if (row.adminId !== adminId) throw new HttpError(403, VIEW_MESSAGES.notOwner);
  return row;
}

export async function updateView(deps: ViewDeps, adminId: string, id: string, input: UpdateViewInput): Promise<SavedView> {
  const row = await ownView(deps, adminId, id);
  const set: string[] = [];
  const values: unknown[] = [];
  const change = (column: string, value: unknown) => {
    set.push(`"${column}" = ?`);
    values.push(value);
  };
  if (input.name !== undefined) change('name', input.name);
  if (input.params !== undefined) change('params', JSON.stringify(checkParams(row.list, input.params)));
  if (input.hiddenColumns !== undefined)
    change('hiddenColumns', JSON.stringify(checkHiddenColumns(row.list, input.hiddenColumns)));
  if (input.shared !== undefined) change('shared', flag(input.shared));
  change('updatedAt', dbTime(deps.db.engine, deps.now()));
  await deps.db.transaction(async (tx) => {
    if (input.name !== undefined && (await nameTaken(tx, adminId, row.list, input.name, id))) {
      throw new HttpError(409, VIEW_MESSAGES.nameTaken);
    }
    await tx.run(`UPDATE "saved_views" SET ${set.join(', ')} WHERE "id" = ?`, [...values, id]);
  });
  return present((await viewById(deps, id))!);
}

export async function deleteView(deps: ViewDeps, adminId: string, id: string): Promise<void> {
  await ownView(deps, adminId, id);
  await deps.db.run('DELETE FROM "saved_views" WHERE "id" = ?', [id]);
}

/** An admin's hidden columns per list. */
export async function columnChoicesOf(deps: Pick<AppDeps, 'db'>, adminId: string): Promise<ColumnChoices> {
  const rows = await deps.db.all<{ list: AdminListName; hiddenColumns: string }>(
    'SELECT "list", "hiddenColumns" FROM "column_choices" WHERE "adminId" = ?',
    [adminId],
  );
  return Object.fromEntries(rows.map((row) => [row.list, JSON.parse(row.hiddenColumns) as string[]]));
}

export async function setColumnChoice(
  deps: Pick<AppDeps, 'db'>,
  adminId: string,
  list: AdminListName,
  hidden: readonly string[],
): Promise<void> {
  const stored = JSON.stringify(checkHiddenColumns(list, hidden));
  await deps.db.run(
    `INSERT INTO "column_choices" ("adminId", "list", "hiddenColumns") VALUES (?, ?, ?)
ON CONFLICT ("adminId", "list") DO UPDATE SET "hiddenColumns" = excluded."hiddenColumns"`,
    [adminId, list, stored],
  );
}

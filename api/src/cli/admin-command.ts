/**
 * The admin CLI's commands (see admin.ts for the entry point):
 *   npm run admin -- create <email> [--password <password>] [--role owner|agent|viewer]
 *   npm run admin -- reset-password <email> [--password <password>]
 *   npm run admin -- reset-two-factor <email>
 *   npm run admin -- list
 * Without --password a strong one is generated and printed once. The first admin is an owner;
 * later ones are agents unless --role says otherwise (owners manage roles on the Settings page).
 */
import { adminPasswordSchema, isRole, requiredEmail, ROLES, type Role } from '@sourcing/shared';
import { CLI_ACTOR, createAudit } from '../audit/audit';
import { removeTwoFactor } from '../account/two-factor';
import { createAdmin, findAdminByEmail, resetAdminPassword, revokeAdminSessions } from '../auth/admin-accounts';
import { generatePassword } from '../auth/passwords';
import { AdminEntity } from '../auth/schema';
import type { Database } from '../db/database';

export const USAGE = `Usage:
  npm run admin -- create <email> [--password <password>] [--role ${ROLES.join('|')}]
  npm run admin -- reset-password <email> [--password <password>]
  npm run admin -- reset-two-factor <email>
  npm run admin -- list
  npm run admin -- backup [--to <folder>]
  npm run admin -- restore <archive>`;

export interface CliResult {
  code: number;
  lines: string[];
}

const option = (argv: string[], name: string) => {
  const at = argv.indexOf(name);
  return at >= 0 ? (argv[at + 1] ?? '') : undefined;
};

/** Runs one admin command on an open, migrated database. */
export async function runAdminCommand(db: Database, argv: string[]): Promise<CliResult> {
  const [command, emailArg] = argv;
  const givenPassword = option(argv, '--password');
  const givenRole = option(argv, '--role');
  const admins = db.reads.getRepository(AdminEntity);

  if (command === 'list') {
    const rows = await admins.find({ order: { email: 'ASC' } });
    const line = (a: (typeof rows)[number]) => `${a.email}  ${a.role}${a.disabledAt === null ? '' : '  (disabled)'}`;
    return { code: 0, lines: rows.length ? rows.map(line) : ['No admins yet.'] };
  }
  if (command !== 'create' && command !== 'reset-password' && command !== 'reset-two-factor') return { code: 2, lines: [USAGE] };

  const email = requiredEmail().safeParse(emailArg);
  if (!email.success) return { code: 2, lines: [email.error.issues[0].message, USAGE] };
  const audit = createAudit(db, () => new Date());
  if (command === 'reset-two-factor') {
    // Recovery for whoever has no other way in (a lost phone, a changed JWT_SECRET): like an owner's reset on Settings.
    const admin = await findAdminByEmail(db.reads, email.data);
    if (!admin) return { code: 1, lines: [`No admin with e-mail ${email.data}.`] };
    await db.transaction(async (tx) => {
      await removeTwoFactor(tx, admin.id);
      await revokeAdminSessions(tx, admin.id);
      const details = { summary: 'two-factor sign-in reset', email: admin.email };
      await audit(CLI_ACTOR, 'staff-two-factor-reset', { kind: 'staff', id: admin.id }, details, tx);
    });
    return { code: 0, lines: [`Two-factor sign-in reset for ${admin.email}; their sessions were signed out.`] };
  }
  if (givenRole !== undefined && (command !== 'create' || !isRole(givenRole))) return { code: 2, lines: [USAGE] };
  const password = givenPassword ?? generatePassword();
  const strong = adminPasswordSchema.safeParse(password);
  if (!strong.success) return { code: 2, lines: [strong.error.issues[0].message] };

  const shown = givenPassword ? [] : [`Password: ${password}  (shown once: keep it somewhere safe)`];
  if (command === 'create') {
    if (await findAdminByEmail(db.reads, email.data)) {
      return { code: 1, lines: [`An admin with e-mail ${email.data} already exists; use reset-password.`] };
    }
    const role: Role = givenRole ?? ((await admins.count()) === 0 ? 'owner' : 'agent');
    const admin = await db.transaction(async (tx) => {
      const created = await createAdmin(tx, email.data, password, { role });
      const details = { summary: `created as ${role}`, email: created.email, role };
      await audit(CLI_ACTOR, 'staff-created', { kind: 'staff', id: created.id }, details, tx);
      return created;
    });
    return { code: 0, lines: [`Created admin ${admin.email} (${role}).`, ...shown] };
  }
  const admin = await resetAdminPassword(db, email.data, password, {
    within: (tx, account) =>
      audit(
        CLI_ACTOR,
        'staff-password-reset',
        { kind: 'staff', id: account.id },
        { summary: 'password reset', email: account.email },
        tx,
      ),
  });
  if (!admin) return { code: 1, lines: [`No admin with e-mail ${email.data}.`] };
  return { code: 0, lines: [`Password reset for ${admin.email}; their sessions were signed out.`, ...shown] };
}

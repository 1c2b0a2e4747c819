import { useAtomValue } from 'jotai';
import { Link } from 'react-router-dom';
import { ROLE_LABELS, ROLES } from '@sourcing/shared';
import { AssignmentSettings } from '../assignment/AssignmentSettings';
import { ResponseTargetSettingsCard } from '../response-targets/ResponseTargetSettings';
import { CannedRepliesSettings } from '../canned-replies/CannedRepliesSettings';
import { BlockListSettings } from '../privacy/BlockListSettings';
import { RetentionSettings } from '../privacy/RetentionSettings';
import { sessionAtom } from '../session/session';
import { useCan } from '../session/role';
import { ROLE_ABILITIES } from '../staff/role-abilities';
import { StaffSettings } from '../staff/StaffSettings';

/**
 * The signed-in admin's account and what their role may do; for owners, the staff accounts, the
 * automatic assignment, the canned replies, the block list and retention (docs/admin.md#settings).
 */
export function SettingsPage() {
  const owner = useCan('owner');
  const admin = useAtomValue(sessionAtom).admin;
  return (
    <>
      <h2 className="page-title">Settings Page</h2>
      {admin && (
        <section className="detail-card settings-account" aria-labelledby="account-title">
          <h3 id="account-title">Your account</h3>
          <dl className="settings-facts">
            <div>
              <dt>Name</dt>
              <dd>{admin.name}</dd>
            </div>
            <div>
              <dt>E-mail</dt>
              <dd>{admin.email}</dd>
            </div>
            <div>
              <dt>Role</dt>
              <dd>{ROLE_LABELS[admin.role]}</dd>
            </div>
          </dl>
          <p>{ROLE_ABILITIES[admin.role]}</p>
          <p>
            <Link to="/admin/account">Change your name, password, two-step verification or sessions</Link>
          </p>
          {!owner && <p className="state-text">Staff accounts and their roles are managed by an owner.</p>}
        </section>
      )}
      {owner && (
        <>
          <section className="detail-card settings-roles" aria-labelledby="roles-title">
            <h3 id="roles-title">Roles</h3>
            <dl className="settings-facts">
              {ROLES.map((role) => (
                <div key={role}>
                  <dt>{ROLE_LABELS[role]}</dt>
                  <dd>{ROLE_ABILITIES[role]}</dd>
                </div>
              ))}
            </dl>
          </section>
          <StaffSettings />
          <AssignmentSettings />
          <ResponseTargetSettingsCard />
          <CannedRepliesSettings />
          <BlockListSettings />
          <RetentionSettings />
        </>
      )}
    </>
  );
}

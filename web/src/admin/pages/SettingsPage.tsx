import { BlockListSettings } from '../privacy/BlockListSettings';
import { RetentionSettings } from '../privacy/RetentionSettings';
import { useCan } from '../session/role';
import { StaffSettings } from '../staff/StaffSettings';

export function SettingsPage() {
  const owner = useCan('owner');
  return (
    <>
      <h2 className="page-title">Settings Page</h2>
      {owner && <StaffSettings />}
      {owner && <BlockListSettings />}
      {owner && <RetentionSettings />}
    </>
  );
}

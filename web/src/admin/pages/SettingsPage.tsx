import { useCan } from '../session/role';
import { StaffSettings } from '../staff/StaffSettings';

export function SettingsPage() {
  const owner = useCan('owner');
  return (
    <>
      <h2 className="page-title">Settings Page</h2>
      {owner && <StaffSettings />}
    </>
  );
}

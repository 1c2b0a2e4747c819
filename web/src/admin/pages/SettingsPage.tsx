export function SettingsPage() {
  return <h2 className="page-title">Settings Page</h2>;
}

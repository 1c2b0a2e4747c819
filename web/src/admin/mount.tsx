import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import type { AdminPlatform } from '@sourcing/shared';
import { AdminApp } from './AdminApp';
import { createAdminServices } from './services';
import './admin.css';

export interface MountAdminOptions {
  platform: AdminPlatform;
  /** 'browser' for /admin/... URLs, 'hash' for #/admin/... (the desktop app). */
  history: 'browser' | 'hash';
}

/** Renders the admin UI into `container`; returns the function that unmounts it. */
export function mountAdmin(container: HTMLElement, options: MountAdminOptions): () => void {
  const services = createAdminServices(options.platform);
  void services.session.init();
  const root = createRoot(container);
  root.render(
    <StrictMode>
      <AdminApp services={services} history={options.history} />
    </StrictMode>,
  );
  return () => {
    root.unmount();
    services.dispose();
  };
}

import { useAtomValue } from 'jotai';
import { roleAllows } from '@sourcing/shared';
import { useEffect, useRef, useState, type MouseEvent } from 'react';
import type { RealtimeClient } from '@sourcing/shared';
import { toastOnce } from '../../common/toast-once';
import { NavLink, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { firstRecordLink } from '../lists/record-keys';
import { LIST_DEFINITIONS } from '../lists/list-definitions';
import { liveConnectionLostAtom, unreadCountsAtom } from '../live/live';
import { useAdminServices } from '../services';
import { sessionAtom } from '../session/session';
import { NAV_ITEMS, pageTitleFor } from './nav';

export function AdminLayout() {
  const { session, live, platform, startRealtime } = useAdminServices();
  const unread = useAtomValue(unreadCountsAtom);
  const connectionLost = useAtomValue(liveConnectionLostAtom);
  const realtime = useRef<RealtimeClient | null>(null);
  const content = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const [sidebarOpen, setSidebarOpen] = useState(false);
  const signedIn = useAtomValue(sessionAtom).admin;
  const role = signedIn?.role;
  const navItems = NAV_ITEMS.filter((item) => !item.role || (role !== undefined && roleAllows(role, item.role)));

  useEffect(() => {
    const client = startRealtime();
    realtime.current = client;
    return () => {
      client.stop();
      realtime.current = null;
      live.reset();
    };
  }, [startRealtime, live]);

  useEffect(() => setSidebarOpen(false), [pathname]);

  useEffect(() => {
    if (!sidebarOpen) return;
    const closeOnEscape = (event: KeyboardEvent) => event.key === 'Escape' && setSidebarOpen(false);
    window.addEventListener('keydown', closeOnEscape);
    return () => window.removeEventListener('keydown', closeOnEscape);
  }, [sidebarOpen]);

  const logout = () => {
    void session.logout();
    void navigate('/admin/login', { replace: true });
    toastOnce.success('Logged out');
  };

  // A list's skip link leads to its first record (docs/admin.md#keyboard); elsewhere, or before the
  // records show, to the page's content. Handled here, not by the URL's hash, which the desktop
  // app's router uses for its paths.
  const onList = LIST_DEFINITIONS.some((d) => pathname.replace(/\/+$/, '') === `/admin/${d.route}`);
  const skip = (event: MouseEvent) => {
    event.preventDefault();
    (firstRecordLink() ?? content.current)?.focus();
  };

  return (
    <div className={`admin-shell${sidebarOpen ? ' sidebar-open' : ''}`}>
      <a href="#admin-content" className="skip-link" onClick={skip}>
        {onList ? 'Skip to the list' : 'Skip to content'}
      </a>
      <aside className="sidebar" id="admin-sidebar" aria-label="Admin navigation">
        <p className="sidebar-title">Admin Panel</p>
        <nav>
          <ul>
            {navItems.map((item) => {
              const count = item.list ? unread[item.list] : 0;
              return (
                <li key={item.to}>
                  <NavLink to={item.to} end={item.to === '/admin'} className="nav-link">
                    <span>{item.label}</span>
                    {count > 0 && (
                      <span className="badge" aria-label={`${count} unread`}>
                        {count > 99 ? '99+' : count}
                      </span>
                    )}
                  </NavLink>
                </li>
              );
            })}
          </ul>
        </nav>
        <NavLink to="/admin/account" className="nav-link account-link" title="Your account">
          {signedIn?.name}
        </NavLink>
        <button type="button" className="nav-link logout-button" onClick={logout}>
          Logout
        </button>
        {platform.appVersion && <p className="app-version">Version {platform.appVersion}</p>}
      </aside>
      {sidebarOpen && <div className="sidebar-backdrop" onClick={() => setSidebarOpen(false)} aria-hidden="true" />}
      <div className="admin-main">
        <header className="admin-header">
          <button
            type="button"
            className="sidebar-toggle"
            aria-controls="admin-sidebar"
            aria-expanded={sidebarOpen}
            aria-label={sidebarOpen ? 'Close menu' : 'Open menu'}
            onClick={() => setSidebarOpen((open) => !open)}
          >
            <span aria-hidden="true">☰</span>
          </button>
          <h1>{pageTitleFor(pathname)}</h1>
        </header>
        <main id="admin-content" ref={content} tabIndex={-1} className="admin-content">
          <div role="status" className={connectionLost ? 'connection-lost' : undefined}>
            {connectionLost && (
              <>
                <span>Reconnecting... New records will appear once the live connection is back.</span>
                <button type="button" className="button" onClick={() => realtime.current?.reconnectNow()}>
                  Reconnect now
                </button>
              </>
            )}
          </div>
          <Outlet />
        </main>
      </div>
    </div>
  );
}

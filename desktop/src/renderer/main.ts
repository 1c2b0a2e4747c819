/** Renderer entry: the server-address screen until a server is set, then the one admin UI. */
import { mountAdmin } from '@sourcing/web/admin';
import { createDesktopPlatform } from './desktop-platform';
import { renderServerAddressForm } from './server-address-form';
import './server-address-form.css';

async function start(container: HTMLElement): Promise<void> {
  const bridge = window.desktop;
  const serverUrl = await bridge.getServerUrl();
  const settingsRequested = new URLSearchParams(window.location.search).get('screen') === 'server';
  if (!serverUrl || settingsRequested) {
    renderServerAddressForm(container, bridge, serverUrl);
    return;
  }
  mountAdmin(container, { platform: createDesktopPlatform(bridge, serverUrl), history: 'hash' });
}

void start(document.getElementById('root')!);

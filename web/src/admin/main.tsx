import { mountAdmin } from './mount';
import { createBrowserPlatform } from './platform/browser-platform';

mountAdmin(document.getElementById('root')!, { platform: createBrowserPlatform(), history: 'browser' });

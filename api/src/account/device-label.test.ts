import { describe, expect, it } from 'vitest';
import { clientOf, deviceLabel } from './device-label';

const CHROME_LINUX = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const ELECTRON_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) SourcingAdmin/1.0.0 Chrome/130.0.0.0 Electron/33.0.0 Safari/537.36';

describe('the device a session is shown as', () => {
  it('names the browser and system of common user agents', () => {
    expect(deviceLabel(CHROME_LINUX)).toBe('Chrome on Linux');
    expect(
      deviceLabel(
        'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
      ),
    ).toBe('Safari on macOS');
    expect(deviceLabel('Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:132.0) Gecko/20100101 Firefox/132.0')).toBe(
      'Firefox on Windows',
    );
    expect(
      deviceLabel(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
      ),
    ).toBe('Edge on Windows');
    expect(
      deviceLabel(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      ),
    ).toBe('Safari on iOS');
    expect(deviceLabel(ELECTRON_WINDOWS)).toBe('Desktop app on Windows');
    expect(deviceLabel('curl/8.5.0')).toBe('');
  });

  it('tells the desktop app by its app:// origin or its engine', () => {
    expect(clientOf('app://admin', '')).toBe('desktop');
    expect(clientOf('', ELECTRON_WINDOWS)).toBe('desktop');
    expect(clientOf('https://sourcing.example.com', CHROME_LINUX)).toBe('browser');
  });
});

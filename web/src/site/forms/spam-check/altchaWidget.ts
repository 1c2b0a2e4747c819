// Loaded on a form's first use only (useSpamCheck): the widget stays out of every page's first load.
import 'altcha/external';
import 'altcha/altcha.css';
import Pbkdf2Worker from 'altcha/workers/pbkdf2?worker';
import type { AltchaWidgetElement } from 'altcha/types/generic';

// The external build runs its proof of work in a same-origin worker file (the CSP allows no blob: workers).
$altcha.algorithms.set('PBKDF2/SHA-256', () => new Pbkdf2Worker());

export interface AltchaCheck {
  /** The payload of a solved challenge, waiting for (or starting) the proof of work. */
  payload(): Promise<string>;
  /** Drops the used payload and solves a fresh challenge (each is accepted once). */
  renew(): void;
}

/**
 * Puts an ALTCHA widget (a labelled checkbox that ticks itself once solved, announced to screen
 * readers) into `slot`; it fetches its challenge from `challengeUrl` and starts at once.
 */
export function mountAltcha(slot: HTMLElement, challengeUrl: string): AltchaCheck {
  const widget: AltchaWidgetElement = document.createElement('altcha-widget');
  widget.setAttribute('challenge', challengeUrl);
  widget.setAttribute('auto', 'onload');
  widget.setAttribute('configuration', JSON.stringify({ hideFooter: true }));
  let solved: string | null = null;
  const loaded = new Promise<void>((resolve) => widget.addEventListener('load', () => resolve(), { once: true }));
  widget.addEventListener('verified', (event) => {
    solved = (event as CustomEvent<{ payload: string }>).detail.payload;
  });
  slot.append(widget);

  return {
    async payload() {
      await loaded;
      if (solved) return solved;
      if (String(widget.getState()) === 'verifying') {
        await new Promise((resolve) => widget.addEventListener('statechange', resolve, { once: true }));
        if (solved) return solved;
      }
      const result = await widget.verify();
      if (!result?.payload) throw new Error('The anti-spam check could not finish');
      return result.payload;
    },
    renew() {
      solved = null;
      void loaded.then(() => {
        widget.reset();
        return widget.verify();
      });
    },
  };
}

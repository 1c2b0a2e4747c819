// Loaded on a form's first use only (useSpamCheck): the widget stays out of every page's first load.
import 'altcha/external';
import 'altcha/altcha.css';
import Pbkdf2Worker from 'altcha/workers/pbkdf2?worker';
import type { AltchaWidgetElement } from 'altcha/types/generic';

// The external build runs its proof of work in a same-origin worker file (the CSP allows no blob: workers).
$altcha.algorithms.set('PBKDF2/SHA-256', () => new Pbkdf2Worker());

export interface AltchaCheck {
  /** The payload of a solved challenge: the one being solved, or a fresh one when there is none. */
  payload(): Promise<string>;
  /** Drops the used payload and solves a fresh challenge (each is accepted once). */
  renew(): void;
}

/**
 * Puts an ALTCHA widget (a labelled checkbox that ticks itself once solved, announced to screen
 * readers) into `slot` and starts solving a challenge from `challengeUrl` at once.
 *
 * The widget's own `auto` start is not used: a second `verify()` aborts the first, so this module
 * starts every proof of work itself and hands the same promise to every caller.
 */
export function mountAltcha(slot: HTMLElement, challengeUrl: string): AltchaCheck {
  const widget: AltchaWidgetElement = document.createElement('altcha-widget');
  widget.setAttribute('challenge', challengeUrl);
  widget.setAttribute('configuration', JSON.stringify({ hideFooter: true }));
  const loaded = new Promise<void>((resolve) => widget.addEventListener('load', () => resolve(), { once: true }));
  let solving: Promise<string> | null = null;
  // One proof of work at a time: each waits for the one before it to settle.
  let lastAttempt: Promise<unknown> = loaded;

  const solve = () => {
    const attempt = lastAttempt
      .then(() => (String(widget.getState()) === 'verifying' ? widgetSettles(widget) : undefined))
      .then(() => widget.verify())
      .then((result) => {
        if (!result?.payload) throw new Error('The anti-spam check could not finish');
        return result.payload;
      });
    lastAttempt = attempt.catch(() => undefined);
    // A failed attempt is not kept: the next payload() tries again.
    attempt.catch(() => {
      if (solving === attempt) solving = null;
    });
    return (solving = attempt);
  };

  // After an error the visitor may tick the box, and the widget solves by itself: keep its payload.
  widget.addEventListener('verified', (event) => {
    const { payload } = (event as CustomEvent<{ payload: string }>).detail;
    if (!solving) solving = Promise.resolve(payload);
  });
  // A form reset (or an expired challenge) clears the widget: its payload is gone with it.
  widget.addEventListener('statechange', (event) => {
    if (['unverified', 'expired'].includes(stateOf(event))) solving = null;
  });
  slot.append(widget);
  void solve();

  return {
    payload: () => solving ?? solve(),
    renew() {
      void solve();
    },
  };
}

const stateOf = (event: Event) => String((event as CustomEvent<{ state: string }>).detail.state);

/** Resolves once a proof of work the widget started by itself (the visitor ticked it) has ended. */
function widgetSettles(widget: AltchaWidgetElement) {
  return new Promise<void>((resolve) => {
    const onChange = (event: Event) => {
      if (stateOf(event) === 'verifying') return;
      widget.removeEventListener('statechange', onChange);
      resolve();
    };
    widget.addEventListener('statechange', onChange);
  });
}

import { useEffect, useRef } from 'react';
import { API_PATHS, API_PREFIX } from '@sourcing/shared/api-paths';
import { HONEYPOT_FIELD, type FormProof } from '@sourcing/shared/form-guard';
import type { AltchaCheck } from './altchaWidget';
import './spam-check.css';

export const SPAM_CHECK_UNAVAILABLE = 'The anti-spam check could not run. Please check your connection and try again.';

/**
 * The spam check of one public form (docs/forms.md#spam-protection): render `honeypot` inside the
 * <form> and `widget` beside it; the ALTCHA widget is imported on the form's first focus or touch,
 * so pages load none of it; `proof()` gives what the submission sends, `renew()` prepares the next one.
 */
export function useSpamCheck() {
  const slot = useRef<HTMLDivElement>(null);
  const honeypot = useRef<HTMLInputElement>(null);
  const check = useRef<Promise<AltchaCheck> | null>(null);

  const load = () =>
    (check.current ??= import('./altchaWidget').then(({ mountAltcha }) =>
      mountAltcha(slot.current!, `${API_PREFIX}${API_PATHS.formChallenge}`),
    ));

  useEffect(() => {
    const form = honeypot.current?.closest('form');
    if (!form) return;
    const start = () => void load().catch(() => (check.current = null));
    for (const type of ['focusin', 'pointerdown'] as const) form.addEventListener(type, start, { once: true });
    return () => {
      for (const type of ['focusin', 'pointerdown'] as const) form.removeEventListener(type, start);
    };
  }, []);

  async function proof(): Promise<FormProof> {
    try {
      return { payload: await (await load()).payload(), honeypot: honeypot.current?.value ?? '' };
    } catch {
      check.current = null;
      throw new Error(SPAM_CHECK_UNAVAILABLE);
    }
  }

  const renew = () => void check.current?.then((loaded) => loaded.renew());

  return {
    /**
     * Where the widget appears. Outside a form the browser checks itself (the widget's checkbox is
     * `required` and would hold back the submit until solved, while proof() waits for it anyway).
     */
    widget: <div className="spam-check" ref={slot} />,
    /** Inside the <form>: bots fill in every field; people never see this one, nor do screen readers or the Tab key. */
    honeypot: (
      <div className="spam-check__honeypot" aria-hidden="true">
        <label>
          Website
          <input ref={honeypot} type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
        </label>
      </div>
    ),
    proof,
    renew,
  };
}

export type SpamCheck = ReturnType<typeof useSpamCheck>;

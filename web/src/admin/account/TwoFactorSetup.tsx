import { useState, type FormEvent } from 'react';
import type { RecoveryCodes, TwoFactorSetup as Setup } from '@sourcing/shared';

/**
 * Setting up an authenticator app: its QR code (and the key to type instead), then the first code
 * it shows, which turns two-factor sign-in on. Used on the account page and at a sign-in that needs one.
 */
export function TwoFactorSetup(props: {
  setup: Setup;
  busy: boolean;
  error: string | null;
  submitLabel: string;
  onConfirm: (code: string) => void;
  onCancel?: () => void;
}) {
  const [code, setCode] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    props.onConfirm(code);
  };
  return (
    <form className="two-factor-setup" onSubmit={submit}>
      <p>
        Scan this QR code with an authenticator app (Google Authenticator, Microsoft Authenticator, 1Password, Authy...), then
        enter the 6-digit code it shows.
      </p>
      <img className="qr-code" src={props.setup.qrCode} alt="QR code for your authenticator app" width={200} height={200} />
      <p>
        Cannot scan it? Enter this key in the app: <code data-testid="totp-secret">{props.setup.secret}</code>
      </p>
      {props.error && (
        <p className="login-error" role="alert">
          {props.error}
        </p>
      )}
      <CodeField label="Code from the app" value={code} onChange={setCode} />
      <div className="form-actions">
        <button type="submit" className="button button-primary" disabled={props.busy}>
          {props.submitLabel}
        </button>
        {props.onCancel && (
          <button type="button" className="button" onClick={props.onCancel}>
            Cancel
          </button>
        )}
      </div>
    </form>
  );
}

/** A one-time code field: digits from an authenticator (the browser may fill it from the app). */
export function CodeField(props: { label: string; value: string; onChange: (value: string) => void; recovery?: boolean }) {
  return (
    <label className="field">
      <span>{props.label}</span>
      <input
        name="code"
        required
        autoComplete="one-time-code"
        inputMode={props.recovery ? 'text' : 'numeric'}
        autoCapitalize="off"
        spellCheck={false}
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
      />
    </label>
  );
}

/** Ten recovery codes, shown once: the admin keeps them somewhere safe before going on. */
export function RecoveryCodesPanel({
  codes,
  onDone,
  doneLabel,
}: {
  codes: RecoveryCodes;
  onDone: () => void;
  doneLabel: string;
}) {
  return (
    <div className="recovery-codes" role="status">
      <h3>Save your recovery codes</h3>
      <p>
        Each code signs you in once without your phone. They are shown only now: print them or keep them in a password manager.
      </p>
      <ul data-testid="recovery-codes">
        {codes.recoveryCodes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ul>
      <button type="button" className="button button-primary" onClick={onDone}>
        {doneLabel}
      </button>
    </div>
  );
}

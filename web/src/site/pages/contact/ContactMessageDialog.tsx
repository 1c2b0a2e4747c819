import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { ApiError, FAILURE_MESSAGES } from '@sourcing/shared/api-client';
import { siteApi } from '../../api';
import { CloseIcon } from '../../components/icons';
import { useSpamCheck } from '../../forms/spam-check/useSpamCheck';
import { useTimedMessage } from '../../layout/useTimedMessage';

/** docs/site.md#message-dialog: a failure's message clears after 4000 ms; a success stays, with its reference, until the dialog closes. */
export const CONTACT_ERROR_CLEARS_AFTER_MS = 4000;

/** What a successful send shows: the server's message and the reference of the stored message. */
interface Sent {
  text: string;
  reference?: string;
}

const EMPTY = { name: '', email: '', message: '' };

/** The send-a-message modal: a native dialog, so focus is trapped and Escape closes it. */
export function ContactMessageDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [fields, setFields] = useState(EMPTY);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [loading, setLoading] = useState(false);
  const [sent, setSent] = useState<Sent | null>(null);
  const { message: failure, show: showFailure, clear: clearFailure } = useTimedMessage(CONTACT_ERROR_CLEARS_AFTER_MS);
  const titleId = useId();
  const spamCheck = useSpamCheck();

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);

  const close = () => {
    setSent(null);
    clearFailure();
    setFieldErrors({});
    onClose();
  };

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (loading) return;
    setLoading(true);
    setSent(null);
    clearFailure();
    setFieldErrors({});
    try {
      const { message: text, reference } = await siteApi.sendContactMessage(fields, await spamCheck.proof());
      setFields(EMPTY);
      setSent({ text, reference });
    } catch (error) {
      if (error instanceof ApiError) setFieldErrors(error.fields);
      showFailure({
        kind: 'error',
        text: error instanceof Error && error.message ? error.message : FAILURE_MESSAGES.sendContactMessage,
      });
    } finally {
      spamCheck.renew();
      setLoading(false);
    }
  }

  const field = (name: keyof typeof EMPTY) => ({
    id: `contact-${name}`,
    name,
    value: fields[name],
    required: true,
    disabled: loading,
    'aria-invalid': fieldErrors[name] ? true : undefined,
    'aria-describedby': fieldErrors[name] ? `contact-${name}-error` : undefined,
    onChange: (e: { target: { value: string } }) => setFields((f) => ({ ...f, [name]: e.target.value })),
  });
  const errorOf = (name: keyof typeof EMPTY) =>
    fieldErrors[name] && (
      <p className="contact-form__error" id={`contact-${name}-error`}>
        {fieldErrors[name]}
      </p>
    );

  return (
    <dialog ref={dialog} className="dialog" aria-labelledby={titleId} onClose={() => open && close()}>
      <div className="dialog__header">
        <h2 className="dialog__title" id={titleId}>
          Send us a message
        </h2>
        <button type="button" className="dialog__close" aria-label="Close" onClick={close}>
          <CloseIcon />
        </button>
      </div>
      <form className="contact-form" onSubmit={(event) => void onSubmit(event)}>
        <div className="contact-form__field">
          <label htmlFor="contact-name">Name</label>
          <input type="text" autoComplete="name" {...field('name')} />
          {errorOf('name')}
        </div>
        <div className="contact-form__field">
          <label htmlFor="contact-email">Email</label>
          <input type="email" autoComplete="email" {...field('email')} />
          {errorOf('email')}
        </div>
        <div className="contact-form__field">
          <label htmlFor="contact-message">Message</label>
          <textarea rows={5} {...field('message')} />
          {errorOf('message')}
        </div>
        {spamCheck.honeypot}
        <p className={`contact-form__status${sent ? ' is-success' : failure ? ' is-error' : ''}`} role="status">
          {sent ? (
            <>
              {sent.text}
              {sent.reference && (
                <span className="contact-form__reference">
                  Reference: <strong>{sent.reference}</strong>
                </span>
              )}
            </>
          ) : (
            failure?.text
          )}
        </p>
        <button type="submit" className="button button--primary contact-form__submit" disabled={loading}>
          {loading ? 'Sending...' : 'Send Message'}
        </button>
      </form>
      {spamCheck.widget}
    </dialog>
  );
}

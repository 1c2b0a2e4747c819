import { useEffect, useRef, type ReactNode } from 'react';
import type { FormValues } from './draft';
import { formatBytes } from './fileChecks';
import type { UploadProgress } from './multipartUpload';
import type { FormState } from './useFormState';
import type { Submission } from './useSubmission';
import './forms.css';

interface FormFrameProps {
  title: string;
  intro: string;
  /** Submit button label, e.g. 'Submit Inquiry'. */
  submitLabel: string;
  form: Pick<FormState<FormValues>, 'formRef' | 'reset' | 'notice' | 'ready'>;
  submission: Submission;
  children: ReactNode;
}

function UploadProgressBar({ progress }: { progress: UploadProgress }) {
  const percent = progress.total > 0 ? Math.round((progress.loaded / progress.total) * 100) : 0;
  return (
    <div className="form-progress">
      <progress value={progress.loaded} max={progress.total} aria-label="Upload progress" />
      <span className="form-progress-text">
        Uploading attachments: {percent}% ({formatBytes(progress.loaded)} of {formatBytes(progress.total)})
      </span>
    </div>
  );
}

/**
 * Title, draft notice with 'Clear form', the sections, and the submit area (progress bar,
 * spinner while submitting, the confirmation with the server's reference) of either form.
 */
export function FormFrame({ title, intro, submitLabel, form, submission, children }: FormFrameProps) {
  const { submitting, progress, confirmation } = submission;
  const confirmationRef = useRef<HTMLDivElement>(null);

  // The form has just emptied below the visitor: show them the confirmation and its reference.
  useEffect(() => {
    if (confirmation) confirmationRef.current?.scrollIntoView({ behavior: 'smooth', block: 'center' });
  }, [confirmation]);

  const clear = () => {
    form.reset();
    submission.clearConfirmation();
  };
  return (
    <div className="form-page">
      <header className="form-header">
        <h1 className="form-title">{title}</h1>
        <p className="form-intro">{intro}</p>
        <p className="form-draft-note">
          What you type is kept in this browser until you submit.{' '}
          <button type="button" className="form-clear" onClick={clear} disabled={submitting || !form.ready}>
            Clear form
          </button>
        </p>
        <p role="status" className="form-kept-notice">
          {form.notice}
        </p>
      </header>
      <div ref={confirmationRef} role="status" className={confirmation ? 'form-confirmation' : undefined}>
        {confirmation}
      </div>
      <form
        ref={form.formRef}
        className="form-body"
        noValidate
        onSubmit={(event) => void submission.onSubmit(event)}
        aria-busy={submitting}
      >
        {/* Every control waits for the form's starting values (see useFormState's `ready`). */}
        <fieldset className="form-gate" disabled={!form.ready}>
          {children}
        </fieldset>
        <div className="form-actions">
          {progress && <UploadProgressBar progress={progress} />}
          <button type="submit" className="form-submit" disabled={submitting || !form.ready}>
            {submitting ? (
              <>
                <span className="form-spinner" aria-hidden="true" />
                Submitting...
              </>
            ) : (
              submitLabel
            )}
          </button>
        </div>
        {/* Below the button: the widget appears on the form's first touch and must not move what was pressed. */}
        {submission.spamCheck}
      </form>
    </div>
  );
}

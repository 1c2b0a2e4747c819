import { ApiError, REQUIRED_FIELDS_TOAST, type Validated } from '@sourcing/shared';
import { useState, type FormEvent } from 'react';
import { toastOnce } from '../../../common/toast-once';
import type { FormValues } from './draft';
import { useSpamCheck } from '../spam-check/useSpamCheck';
import { framingOrigin } from '../embed/framing-origin';
import { multipartBody, postMultipart, type UploadProgress } from './multipartUpload';
import type { FormState } from './useFormState';

export interface SubmissionOptions<V extends FormValues> {
  form: FormState<V>;
  /** Absolute path of the POST, e.g. '/api/inquiry'. */
  url: string;
  /** The shared schema's verdict on the form values (the messages per field of docs/forms.md#validation). */
  validate: (values: V) => Validated<unknown>;
  /** The multipart text fields for valid values (docs/forms.md#submitting). */
  toFields: (values: V) => Record<string, string>;
  successMessage: string;
  failureMessage: string;
}

/**
 * The submit flow both forms share: validate with the shared schema (messages beside the fields,
 * the toast of docs/forms.md#success-and-failure, focus on the first error), wait for the spam check, send multipart with upload progress
 * (naming the partner page framing an embedded form), then either
 * thank with the server's reference and start over, or say what went wrong and keep every value.
 */
export function useSubmission<V extends FormValues>({
  form,
  url,
  validate,
  toFields,
  successMessage,
  failureMessage,
}: SubmissionOptions<V>) {
  const [submitting, setSubmitting] = useState(false);
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const [confirmation, setConfirmation] = useState<string | null>(null);
  const spamCheck = useSpamCheck();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    const checked = validate(form.values);
    if (!checked.ok) {
      form.showErrors(checked.fields);
      toastOnce.error(REQUIRED_FIELDS_TOAST);
      return;
    }
    setSubmitting(true);
    setConfirmation(null);
    setProgress(null);
    try {
      const proof = await spamCheck.proof();
      const body = multipartBody(toFields(form.values), { field: form.fileField.field, files: form.files }, proof);
      const answer = await postMultipart(url, body, proof, setProgress, framingOrigin());
      const thanks = answer.reference ? `${successMessage} Reference: ${answer.reference}` : successMessage;
      toastOnce.success(thanks);
      setConfirmation(thanks);
      form.reset();
    } catch (error) {
      if (error instanceof ApiError && Object.keys(error.fields).length > 0) form.showErrors(error.fields);
      toastOnce.error((error instanceof Error && error.message) || failureMessage);
    } finally {
      spamCheck.renew();
      setSubmitting(false);
      setProgress(null);
    }
  }

  return {
    submitting,
    /** Upload progress while files are being sent, else null. */
    progress: form.files.length > 0 ? progress : null,
    /** The last success text with its reference, until the next submit or 'Clear form'. */
    confirmation,
    clearConfirmation: () => setConfirmation(null),
    /** The widget and honeypot, rendered inside the <form> (which leaves checking to the schema: noValidate). */
    spamCheck: (
      <>
        {spamCheck.widget}
        {spamCheck.honeypot}
      </>
    ),
    onSubmit,
  };
}

export type Submission = ReturnType<typeof useSubmission>;

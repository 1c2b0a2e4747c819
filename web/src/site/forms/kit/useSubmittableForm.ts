import type { Arrival, FormValues } from './draft';
import { useFormState, type FormStateOptions } from './useFormState';
import { useSubmission, type SubmissionOptions } from './useSubmission';

/** Everything that makes one of the forms: its values, draft, files and how it is checked and sent. */
export type FormDefinition<V extends FormValues> = Omit<FormStateOptions<V>, 'arrive'> & Omit<SubmissionOptions<V>, 'form'>;

/** The form state and its submit flow, wired together from one definition. */
export function useSubmittableForm<V extends FormValues>(definition: FormDefinition<V>, arrive?: Arrival<V>) {
  const form = useFormState({ ...definition, arrive });
  const submission = useSubmission({ ...definition, form });
  return { form, submission };
}

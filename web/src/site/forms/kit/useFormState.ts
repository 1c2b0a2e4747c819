import type { FieldErrors } from '@sourcing/shared';
import { useCallback, useEffect, useRef, useState } from 'react';
import { clearDraft, readDraft, startingValues, writeDraft, type Arrival, type FormValues } from './draft';
import { fileProblem, sameFile } from './fileChecks';

export interface FileFieldOptions {
  /** Multipart field name, also the key of the picker's message in the error map. */
  field: string;
  maxFiles: number;
}

export interface FormStateOptions<V extends FormValues> {
  defaults: V;
  /** localStorage key of the draft. */
  draftKey: string;
  files: FileFieldOptions;
  /** Each field's label (`formLabels` of the record definition): what a control shows unless it names its own. */
  labels: Readonly<Record<string, string>>;
  /** How the visitor's arrival adjusts the starting values (draft or defaults), once, when the form mounts. */
  arrive?: Arrival<V>;
}

/** Props a text-like field needs from the form state. */
export interface BoundField {
  name: string;
  /** The definition's label (the name itself for a value the definition does not have); a control may pass its own. */
  label: string;
  value: string;
  error?: string;
  onValueChange: (value: string) => void;
}

/** Props a checkbox list needs from the form state. */
export interface BoundList {
  name: string;
  values: readonly string[];
  error?: string;
  onValuesChange: (values: string[]) => void;
}

function browserStorage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined; // storage blocked (e.g. some third-party iframes)
  }
}

/**
 * One form's values, per-field messages, picked files and draft, shared by both forms.
 * Nothing touches the browser during render (pages are prerendered): the draft is read in an
 * effect after mounting and written back on every change from then on.
 */
export function useFormState<V extends FormValues>({
  defaults,
  draftKey,
  files: fileField,
  labels,
  arrive,
}: FormStateOptions<V>) {
  const [values, setValues] = useState<V>(defaults);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [files, setFiles] = useState<File[]>([]);
  const [draftLoaded, setDraftLoaded] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [focusRequest, setFocusRequest] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  const startRef = useRef({ defaults, draftKey, arrive });

  useEffect(() => {
    const { defaults: fresh, draftKey: key, arrive: arrival } = startRef.current;
    const start = startingValues(fresh, readDraft(browserStorage(), key, fresh), arrival);
    setValues(start.values);
    setNotice(start.notice);
    setDraftLoaded(true);
  }, []);

  useEffect(() => {
    if (draftLoaded) writeDraft(browserStorage(), draftKey, values, defaults);
  }, [draftLoaded, draftKey, values, defaults]);

  // After the messages render: bring the first invalid field into view and focus it.
  useEffect(() => {
    if (focusRequest === 0) return;
    const first = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    first?.scrollIntoView({ behavior: 'smooth', block: 'center' });
    first?.focus({ preventScroll: true });
  }, [focusRequest]);

  const clearError = useCallback((name: string) => {
    setErrors((current) => {
      if (!(name in current)) return current;
      const { [name]: _cleared, ...rest } = current;
      return rest;
    });
  }, []);

  const setValue = useCallback(
    <K extends keyof V & string>(name: K, value: V[K]) => {
      setValues((current) => ({ ...current, [name]: value }));
      clearError(name);
    },
    [clearError],
  );

  /** Shows the messages beside their fields and moves to the first one. */
  const showErrors = useCallback((fields: FieldErrors) => {
    setErrors(fields);
    setFocusRequest((n) => n + 1);
  }, []);

  const reset = useCallback(() => {
    setValues(defaults);
    setErrors({});
    setFiles([]);
    setNotice(null);
    clearDraft(browserStorage(), draftKey);
  }, [defaults, draftKey]);

  /** Adds picked files (or replaces the one file of a single-file field) unless a limit is broken. */
  const pickFiles = useCallback(
    (picked: readonly File[]) => {
      const next =
        fileField.maxFiles === 1 ? picked.slice(0, 1) : [...files, ...picked.filter((p) => !files.some((f) => sameFile(f, p)))];
      const problem = fileProblem(fileField.maxFiles === 1 ? picked : next, fileField.maxFiles);
      if (problem) {
        setErrors((current) => ({ ...current, [fileField.field]: problem }));
        return;
      }
      setFiles(next);
      clearError(fileField.field);
    },
    [files, fileField.field, fileField.maxFiles, clearError],
  );

  const removeFile = useCallback(
    (index: number) => {
      setFiles((current) => current.filter((_, i) => i !== index));
      clearError(fileField.field);
    },
    [fileField.field, clearError],
  );

  /** Value, message and change handler of a text-like field. */
  const bind = (name: keyof V & string): BoundField => ({
    name,
    label: labels[name] ?? name,
    value: String(values[name] ?? ''),
    error: errors[name],
    onValueChange: (value) => setValue(name, value as V[typeof name]),
  });

  /** Chosen entries, message and change handler of a checkbox list. */
  const bindList = (name: keyof V & string): BoundList => ({
    name,
    values: Array.isArray(values[name]) ? values[name] : [],
    error: errors[name],
    onValuesChange: (list) => setValue(name, list as V[typeof name]),
  });

  return {
    values,
    /** What the visitor is told about the values they found (a kept draft), until 'Clear form'. */
    notice,
    /**
     * False until the form has its starting values (the kept draft is read after hydrating): until
     * then it takes no input, which the draft would overwrite.
     */
    ready: draftLoaded,
    errors,
    files,
    fileField,
    formRef,
    setValue,
    showErrors,
    reset,
    pickFiles,
    removeFile,
    bind,
    bindList,
  };
}

export type FormState<V extends FormValues> = ReturnType<typeof useFormState<V>>;

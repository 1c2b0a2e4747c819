import { COUNTRIES, describeUploadLimits, UPLOAD_ACCEPT } from '@sourcing/shared';
import type { HTMLInputTypeAttribute, ReactNode } from 'react';
import { formatBytes } from './fileChecks';
import { phoneInput } from './inputFilters';
import type { FormValues } from './draft';
import type { BoundField, BoundList, FormState } from './useFormState';

export type Option = string | { value: string; label: string };
const optionValue = (o: Option) => (typeof o === 'string' ? o : o.value);
const optionLabel = (o: Option) => (typeof o === 'string' ? o : o.label);

const errorId = (name: string) => `${name}-error`;
const hintId = (name: string) => `${name}-hint`;

/** aria-describedby for a field: its hint and, when invalid, its message. */
function describedBy(name: string, hint?: ReactNode, error?: string): string | undefined {
  const ids = [hint ? hintId(name) : null, error ? errorId(name) : null].filter(Boolean);
  return ids.length ? ids.join(' ') : undefined;
}

function RequiredMark({ required }: { required?: boolean }) {
  return required ? (
    <span className="form-required" aria-hidden="true">
      {' '}
      *
    </span>
  ) : null;
}

/** The per-field message, referenced by the field's aria-describedby. */
export function FieldError({ name, error }: { name: string; error?: string }) {
  return error ? (
    <p id={errorId(name)} className="form-error">
      {error}
    </p>
  ) : null;
}

function FieldHint({ name, hint }: { name: string; hint?: ReactNode }) {
  return hint ? (
    <p id={hintId(name)} className="form-hint">
      {hint}
    </p>
  ) : null;
}

export function FormSection({ number, title, children }: { number: number; title: string; children: ReactNode }) {
  const id = `section-${number}`;
  return (
    <section className="form-section" aria-labelledby={id}>
      <h2 id={id} className="form-section-title">
        {number}. {title}
      </h2>
      <div className="form-grid">{children}</div>
    </section>
  );
}

interface TextFieldProps extends BoundField {
  label: string;
  required?: boolean;
  hint?: ReactNode;
  multiline?: boolean;
  type?: HTMLInputTypeAttribute;
  inputMode?: 'text' | 'decimal' | 'numeric' | 'tel' | 'email';
  autoComplete?: string;
  placeholder?: string;
  /** Keeps only what the field accepts while typing. */
  filter?: (raw: string) => string;
  /** Tidies the value when the field loses focus. */
  tidyOnBlur?: (value: string) => string;
  /** Adjusts the value when the field gains focus. */
  tidyOnFocus?: (value: string) => string;
  /** Spans the whole row of the section grid. */
  wide?: boolean;
  /** Rendered right after the input (e.g. a unit suffix). */
  suffix?: ReactNode;
}

export function TextField(props: TextFieldProps) {
  const { name, label, value, error, onValueChange, required, hint, multiline, filter, tidyOnBlur, tidyOnFocus } = props;
  const common = {
    id: name,
    name,
    value,
    required,
    placeholder: props.placeholder,
    autoComplete: props.autoComplete ?? 'off',
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy(name, hint, error),
    onChange: (e: { target: { value: string } }) => onValueChange(filter ? filter(e.target.value) : e.target.value),
    onBlur: tidyOnBlur ? () => onValueChange(tidyOnBlur(value)) : undefined,
    onFocus: tidyOnFocus ? () => onValueChange(tidyOnFocus(value)) : undefined,
  };
  return (
    <div className={props.wide || multiline ? 'form-field form-field-wide' : 'form-field'}>
      <label htmlFor={name} className="form-label">
        {label}
        <RequiredMark required={required} />
      </label>
      <div className="form-control-row">
        {multiline ? (
          <textarea {...common} rows={4} className="form-control" />
        ) : (
          <input {...common} type={props.type ?? 'text'} inputMode={props.inputMode} className="form-control" />
        )}
        {props.suffix}
      </div>
      <FieldHint name={name} hint={hint} />
      <FieldError name={name} error={error} />
    </div>
  );
}

interface SelectProps extends BoundField {
  label: string;
  options: readonly Option[];
  required?: boolean;
  /** Shows the label to screen readers only (when a neighbouring field names the pair). */
  hideLabel?: boolean;
  className?: string;
}

/** A bare labelled select, for use alone (SelectField) or beside an input. */
export function Select({ name, label, value, error, onValueChange, options, required, hideLabel, className }: SelectProps) {
  return (
    <>
      <label htmlFor={name} className={hideLabel ? 'visually-hidden' : 'form-label'}>
        {label}
        <RequiredMark required={required && !hideLabel} />
      </label>
      <select
        id={name}
        name={name}
        value={value}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(name, undefined, error)}
        onChange={(e) => onValueChange(e.target.value)}
        className={className ?? 'form-control'}
      >
        {options.map((o) => (
          <option key={optionValue(o)} value={optionValue(o)}>
            {optionLabel(o)}
          </option>
        ))}
      </select>
    </>
  );
}

/** A select sitting after an amount (unit, currency), named for screen readers only, then a text. */
export function SuffixSelect({ after, ...select }: Omit<SelectProps, 'hideLabel' | 'className'> & { after: string }) {
  return (
    <>
      <Select {...select} hideLabel className="form-control form-unit-select" />
      <span className="form-suffix">{after}</span>
    </>
  );
}

export function SelectField(props: SelectProps) {
  return (
    <div className="form-field">
      <Select {...props} />
      <FieldError name={props.name} error={props.error} />
    </div>
  );
}

interface ChoiceGroupProps {
  legend: string;
  options: readonly Option[];
  required?: boolean;
}

type RadioGroupProps = ChoiceGroupProps & BoundField;
type CheckboxGroupProps = ChoiceGroupProps & BoundList;

function ChoiceFieldset({
  name,
  legend,
  error,
  required,
  children,
}: Omit<ChoiceGroupProps, 'options'> & { name: string; error?: string; children: ReactNode }) {
  return (
    <fieldset className="form-field form-field-wide form-choices" aria-describedby={describedBy(name, undefined, error)}>
      <legend className="form-label">
        {legend}
        <RequiredMark required={required} />
      </legend>
      <div className="form-choice-list">{children}</div>
      <FieldError name={name} error={error} />
    </fieldset>
  );
}

export function RadioGroup({ value, onValueChange, ...group }: RadioGroupProps) {
  return (
    <ChoiceFieldset {...group}>
      {group.options.map((o, i) => (
        <label key={optionValue(o)} className="form-choice">
          <input
            type="radio"
            id={i === 0 ? group.name : `${group.name}-${i}`}
            name={group.name}
            value={optionValue(o)}
            checked={value === optionValue(o)}
            aria-invalid={group.error ? true : undefined}
            onChange={() => onValueChange(optionValue(o))}
          />
          {optionLabel(o)}
        </label>
      ))}
    </ChoiceFieldset>
  );
}

export function CheckboxGroup({ values, onValuesChange, ...group }: CheckboxGroupProps) {
  const toggle = (option: string, on: boolean) => onValuesChange(on ? [...values, option] : values.filter((v) => v !== option));
  return (
    <ChoiceFieldset {...group}>
      {group.options.map((o, i) => (
        <label key={optionValue(o)} className="form-choice">
          <input
            type="checkbox"
            id={i === 0 ? group.name : `${group.name}-${i}`}
            name={group.name}
            value={optionValue(o)}
            checked={values.includes(optionValue(o))}
            aria-invalid={group.error ? true : undefined}
            onChange={(e) => toggle(optionValue(o), e.target.checked)}
          />
          {optionLabel(o)}
        </label>
      ))}
    </ChoiceFieldset>
  );
}

interface PhoneFieldProps {
  number: BoundField;
  /** The country (cca2) whose calling code prefixes the number. */
  callingCountry: BoundField;
  label: string;
  required?: boolean;
}

/** Calling-code selector (countries by name, by country since several share a code) and the number, digits only. */
export function PhoneField({ number, callingCountry, label, required }: PhoneFieldProps) {
  return (
    <div className="form-field">
      <label htmlFor={number.name} className="form-label">
        {label}
        <RequiredMark required={required} />
      </label>
      <div className="form-control-row">
        <label htmlFor={callingCountry.name} className="visually-hidden">
          Country calling code
        </label>
        <select
          id={callingCountry.name}
          name={callingCountry.name}
          value={callingCountry.value}
          autoComplete="tel-country-code"
          onChange={(e) => callingCountry.onValueChange(e.target.value)}
          className="form-control form-calling-code"
        >
          {COUNTRIES.map((c) => (
            <option key={c.cca2} value={c.cca2}>
              {c.name} ({c.callingCode})
            </option>
          ))}
        </select>
        <input
          id={number.name}
          name={number.name}
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
          required={required}
          value={number.value}
          aria-invalid={number.error ? true : undefined}
          aria-describedby={describedBy(number.name, undefined, number.error)}
          onChange={(e) => number.onValueChange(phoneInput(e.target.value))}
          className="form-control"
        />
      </div>
      <FieldError name={number.name} error={number.error} />
    </div>
  );
}

type FilePickerForm = Pick<FormState<FormValues>, 'files' | 'fileField' | 'errors' | 'pickFiles' | 'removeFile'>;

/** The form's file input with the limits beside it and the chosen files listed, each removable. */
export function FilePicker({ form, label }: { form: FilePickerForm; label: string }) {
  const { field: name, maxFiles } = form.fileField;
  const { files, pickFiles: onPick, removeFile: onRemove } = form;
  const error = form.errors[name];
  const hint = `Allowed: ${describeUploadLimits(maxFiles)}`;
  return (
    <div className="form-field form-field-wide">
      <label htmlFor={name} className="form-label">
        {label}
      </label>
      <input
        id={name}
        name={name}
        type="file"
        accept={UPLOAD_ACCEPT}
        multiple={maxFiles > 1}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(name, hint, error)}
        onChange={(e) => {
          onPick(Array.from(e.target.files ?? []));
          e.target.value = ''; // so picking the same file again still reports a change
        }}
        className="form-file"
      />
      <FieldHint name={name} hint={hint} />
      <FieldError name={name} error={error} />
      {files.length > 0 && (
        <ul className="form-file-list" aria-label="Chosen files">
          {files.map((file, index) => (
            <li key={`${file.name}-${file.size}-${file.lastModified}`} className="form-file-item">
              <span className="form-file-name">{file.name}</span>
              <span className="form-file-size">{formatBytes(file.size)}</span>
              <button
                type="button"
                className="form-file-remove"
                aria-label={`Remove ${file.name}`}
                onClick={() => onRemove(index)}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

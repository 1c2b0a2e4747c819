import { useEffect, useMemo, useRef, useState } from 'react';
import {
  filteredFields,
  HAS_ATTACHMENT,
  RECORD_DEFINITIONS,
  type AdminListName,
  type FilteredField,
  type ListFilters,
} from '@sourcing/shared';
import { debounce } from '../ui/debounce';
import { ANY, filterLabel, filterParams, FOLLOW_UP_CHOICES, FOLLOW_UP_PARAMS, type FollowUpSearch } from './list-search';
import { OwnerOptions } from './OwnerOptions';

/** As the search box: one request once the typing pauses. */
const TYPED_FILTER_DEBOUNCE_MS = 300;

const ATTACHMENT_LABELS: Record<(typeof HAS_ATTACHMENT)[number], string> = { yes: 'Yes', no: 'No' };

/**
 * The filters of a list above it (docs/admin.md#filters): one control per filter its record
 * definition gives, each labelled, then a worked list's follow-up views (`followUps`, null on other
 * lists: docs/admin.md#follow-ups-and-snooze); a change goes to the URL at once ('Clear filters'
 * empties them and the search).
 */
export function FilterBar(props: {
  list: AdminListName;
  filters: ListFilters;
  followUps: FollowUpSearch | null;
  onChange: (param: string, value: string) => void;
  onClear: (() => void) | null;
}) {
  const { list, filters, onChange } = props;
  const fields = filteredFields(RECORD_DEFINITIONS[list]);
  return (
    <div className="filter-bar" role="group" aria-label="Filters">
      {filterParams(list).map((param) => {
        const label = filterLabel(list, param);
        const value = filters[param] ?? '';
        const set = (next: string) => onChange(param, next);
        const field = fields.find((f) => f.key === param);
        if (field) return <FieldFilter key={param} list={list} field={field} value={value} onChange={set} />;
        if (param === 'owner') return <OwnerFilter key={param} value={value} onChange={set} />;
        if (param === 'hasAttachment') {
          return (
            <Choice key={param} label={label} value={value} onChange={set} options={HAS_ATTACHMENT} labels={ATTACHMENT_LABELS} />
          );
        }
        return (
          <label key={param} className="filter-field">
            <span>{label}</span>
            <input type="date" className="filter-input" value={value} onChange={(e) => set(e.target.value)} />
          </label>
        );
      })}
      {props.followUps &&
        FOLLOW_UP_PARAMS.map((param) => {
          const { label, options } = FOLLOW_UP_CHOICES[param];
          const { '': unset, ...chosen } = options;
          return (
            <Choice
              key={param}
              label={label}
              value={props.followUps?.[param] ?? ''}
              unset={unset}
              options={Object.keys(chosen)}
              labels={chosen}
              onChange={(value) => onChange(param, value)}
            />
          );
        })}
      {props.onClear && (
        <button type="button" className="button filter-clear" onClick={props.onClear}>
          Clear filters
        </button>
      )}
    </div>
  );
}

function Choice(props: {
  label: string;
  value: string;
  /** What the first option, no choice, reads ('Any' unless given). */
  unset?: string;
  options: readonly string[];
  labels?: Readonly<Record<string, string>>;
  onChange: (value: string) => void;
}) {
  return (
    <label className="filter-field">
      <span>{props.label}</span>
      <select className="filter-input" value={props.value} onChange={(e) => props.onChange(e.target.value)}>
        <option value="">{props.unset ?? ANY}</option>
        {props.options.map((option) => (
          <option key={option} value={option}>
            {props.labels?.[option] ?? option}
          </option>
        ))}
      </select>
    </label>
  );
}

function FieldFilter(props: { list: AdminListName; field: FilteredField; value: string; onChange: (value: string) => void }) {
  const { field } = props;
  if (field.filter.by !== 'matches') {
    return (
      <Choice
        label={field.label}
        value={props.value}
        options={field.filter.options}
        labels={field.filter.by === 'oneOf' ? field.filter.labels : undefined}
        onChange={props.onChange}
      />
    );
  }
  return (
    <TypedFilter
      id={`${props.list}-${field.key}-suggestions`}
      label={field.label}
      suggestions={field.filter.suggestions}
      value={props.value}
      onChange={props.onChange}
    />
  );
}

/**
 * A typed filter, applied once the typing settles (or at once on Enter). A change of the URL from
 * outside (Back, 'Clear filters') wins over what was being typed.
 */
function TypedFilter(props: {
  id: string;
  label: string;
  suggestions: readonly string[];
  value: string;
  onChange: (value: string) => void;
}) {
  const [text, setText] = useState(props.value);
  const inUrl = useRef(props.value);
  const onChange = useRef(props.onChange);
  onChange.current = props.onChange;
  const apply = useMemo(() => {
    const now = (typed: string) => {
      later.cancel();
      const value = typed.trim();
      if (value === inUrl.current) return;
      inUrl.current = value;
      onChange.current(value);
    };
    const later = debounce(now, TYPED_FILTER_DEBOUNCE_MS);
    return { now, later };
  }, []);
  useEffect(() => apply.later.cancel, [apply]);
  useEffect(() => {
    if (props.value === inUrl.current) return;
    inUrl.current = props.value;
    apply.later.cancel();
    setText(props.value);
  }, [props.value, apply]);
  return (
    <label className="filter-field">
      <span>{props.label}</span>
      <input
        className="filter-input"
        list={props.id}
        value={text}
        placeholder={ANY}
        onChange={(e) => {
          setText(e.target.value);
          apply.later(e.target.value);
        }}
        onKeyDown={(e) => e.key === 'Enter' && apply.now(text)}
      />
      <datalist id={props.id}>
        {props.suggestions.map((s) => (
          <option key={s} value={s} />
        ))}
      </datalist>
    </label>
  );
}

function OwnerFilter(props: { value: string; onChange: (value: string) => void }) {
  return (
    <label className="filter-field">
      <span>Owner</span>
      <select className="filter-input" value={props.value} onChange={(e) => props.onChange(e.target.value)}>
        <OwnerOptions unset={ANY} value={props.value} />
      </select>
    </label>
  );
}

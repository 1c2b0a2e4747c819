import { useMutation, useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import {
  DESK_LISTS,
  RESPONSE_TARGET_MAX_MINUTES,
  WARN_BEFORE_MAX_MINUTES,
  WEEKDAY_LABELS,
  WEEKDAYS,
  type ResponseTargetSettings,
  type Weekday,
} from '@sourcing/shared';
import { toastOnce } from '../../common/toast-once';
import { LIST_DEFINITIONS } from '../lists/list-definitions';
import { queryKeys } from '../queries/keys';
import { useAdminServices } from '../services';
import { failureOf, LoadError } from '../ui/LoadError';
import { openingHoursText, parseOpeningHours } from './opening-hours-text';
import './response-targets.css';

const OPENING_HOURS_FORMAT = 'Write opening hours as 09:00-17:00, several separated by commas';

/**
 * Response targets on Settings (owners, docs/admin.md#response-targets): each worked list's
 * first-response target in business minutes, the business-hours calendar they are measured on
 * (time zone, opening hours per weekday, holidays) and how long before a target its owner is warned.
 */
export function ResponseTargetSettingsCard() {
  const { api } = useAdminServices();
  const settings = useQuery({ queryKey: queryKeys.responseTargets, queryFn: () => api.responseTargets() });
  const failure = failureOf(settings);
  return (
    <section className="detail-card" aria-labelledby="response-targets-title">
      <h3 id="response-targets-title">Response targets</h3>
      <p>
        A list’s new records are to get a first e-mail reply within its target, counted in business hours: only while the desk is
        open, never on a holiday. The records show Due, Met or Missed; their owner (everyone, for a record nobody owns) is warned
        before the target and told when it is missed.
      </p>
      {failure && <LoadError message={failure.message} onRetry={() => void settings.refetch()} />}
      {settings.data && <SettingsForm key={JSON.stringify(settings.data)} saved={settings.data} />}
    </section>
  );
}

const numberOrNull = (text: string) => (text.trim() === '' ? null : Number(text));

function SettingsForm({ saved }: { saved: ResponseTargetSettings }) {
  const { api } = useAdminServices();
  const id = useId();
  const [targets, setTargets] = useState(() =>
    Object.fromEntries(DESK_LISTS.map((list) => [list, saved.targets[list] === null ? '' : String(saved.targets[list])])),
  );
  const [timeZone, setTimeZone] = useState(saved.calendar.timeZone);
  const [week, setWeek] = useState(
    () => Object.fromEntries(WEEKDAYS.map((day) => [day, openingHoursText(saved.calendar.week[day])])) as Record<Weekday, string>,
  );
  const [holidays, setHolidays] = useState(saved.calendar.holidays.join('\n'));
  const [warn, setWarn] = useState(String(saved.warnBeforeMinutes));
  const [badDays, setBadDays] = useState<Weekday[]>([]);

  const save = useMutation({
    mutationFn: (settings: ResponseTargetSettings) => api.saveResponseTargets(settings),
    onSuccess: (_saved, _input, _context, { client }) => {
      toastOnce.success('Response targets saved');
      return client.invalidateQueries({ queryKey: queryKeys.responseTargets });
    },
    onError: (error) => toastOnce.error(error.message),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = WEEKDAYS.map((day) => [day, parseOpeningHours(week[day])] as const);
    const bad = parsed.filter(([, hours]) => hours === null).map(([day]) => day);
    setBadDays(bad);
    if (bad.length) {
      toastOnce.error(OPENING_HOURS_FORMAT);
      return;
    }
    save.mutate({
      calendar: {
        timeZone,
        week: Object.fromEntries(parsed) as ResponseTargetSettings['calendar']['week'],
        holidays: holidays
          .split(/[\s,]+/)
          .map((day) => day.trim())
          .filter(Boolean),
      },
      warnBeforeMinutes: Number(warn),
      targets: Object.fromEntries(
        DESK_LISTS.map((list) => [list, numberOrNull(targets[list])]),
      ) as ResponseTargetSettings['targets'],
    });
  };

  return (
    <form className="retention-form response-target-form" onSubmit={submit}>
      <fieldset>
        <legend>First response within (business minutes)</legend>
        {DESK_LISTS.map((list) => (
          <label key={list} className="field">
            {LIST_DEFINITIONS.find((definition) => definition.name === list)?.navLabel ?? list}
            <input
              type="number"
              min={1}
              max={RESPONSE_TARGET_MAX_MINUTES}
              step={1}
              inputMode="numeric"
              placeholder="no target"
              value={targets[list]}
              onChange={(event) => setTargets({ ...targets, [list]: event.target.value })}
            />
          </label>
        ))}
      </fieldset>
      <fieldset>
        <legend>Business hours</legend>
        <label className="field">
          Time zone {/* Typed, with the browser's zones offered: browsers list some zones by older names (Asia/Calcutta). */}
          <input type="text" list={`${id}-zones`} value={timeZone} onChange={(event) => setTimeZone(event.target.value.trim())} />
          <datalist id={`${id}-zones`}>
            {Intl.supportedValuesOf('timeZone').map((zone) => (
              <option key={zone} value={zone} />
            ))}
          </datalist>
        </label>
        <p id={`${id}-hours`} className="response-target-hint">
          Opening hours as 09:00-17:00, several separated by commas (24:00 ends the day); empty: closed.
        </p>
        {/* A row per weekday: its name, then its opening hours (several ranges allowed, so one text). */}
        <div className="opening-hours">
          {WEEKDAYS.map((day) => (
            <label key={day} className="field opening-hours-day">
              <span>{WEEKDAY_LABELS[day]}</span>
              <input
                type="text"
                placeholder="closed"
                value={week[day]}
                aria-describedby={`${id}-hours`}
                aria-invalid={badDays.includes(day) || undefined}
                onChange={(event) => setWeek({ ...week, [day]: event.target.value })}
              />
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset>
        <legend>Holidays</legend>
        <label className="field">
          Holidays (YYYY-MM-DD, one a line)
          <textarea rows={3} value={holidays} onChange={(event) => setHolidays(event.target.value)} />
        </label>
      </fieldset>
      <fieldset>
        <legend>Warning</legend>
        <label className="field">
          Warn this many minutes before the target
          <input
            type="number"
            min={0}
            max={WARN_BEFORE_MAX_MINUTES}
            step={1}
            inputMode="numeric"
            value={warn}
            onChange={(event) => setWarn(event.target.value)}
          />
        </label>
      </fieldset>
      <button type="submit" className="button button-primary" disabled={save.isPending}>
        Save response targets
      </button>
    </form>
  );
}

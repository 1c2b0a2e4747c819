/** 'Columns': a checkbox per column of a wide list; the first (the record's name, its link) always shows. */
export function ColumnChooser(props: { headers: string[]; hidden: ReadonlySet<string>; onToggle: (header: string) => void }) {
  const [first, ...rest] = props.headers;
  return (
    <details className="column-chooser">
      <summary className="button">Columns</summary>
      <fieldset className="column-chooser-panel">
        <legend>Shown columns</legend>
        <label>
          <input type="checkbox" checked disabled /> {first}
        </label>
        {rest.map((header) => (
          <label key={header}>
            <input type="checkbox" checked={!props.hidden.has(header)} onChange={() => props.onToggle(header)} /> {header}
          </label>
        ))}
      </fieldset>
    </details>
  );
}

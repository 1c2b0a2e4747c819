/** 'Columns': a checkbox per column of a wide list; the first (the record's name, its link) always shows. */
export function ColumnChooser(props: {
  columns: readonly { key: string; header: string }[];
  hidden: ReadonlySet<string>;
  onChoose: (hidden: string[]) => void;
}) {
  const [first, ...rest] = props.columns;
  const toggle = (key: string) => {
    const next = new Set(props.hidden);
    if (!next.delete(key)) next.add(key);
    props.onChoose([...next]);
  };
  return (
    <details className="toolbar-menu">
      <summary className="button">Columns</summary>
      <fieldset className="toolbar-menu-panel">
        <legend>Shown columns</legend>
        <label>
          <input type="checkbox" checked disabled /> {first.header}
        </label>
        {rest.map((column) => (
          <label key={column.key}>
            <input type="checkbox" checked={!props.hidden.has(column.key)} onChange={() => toggle(column.key)} /> {column.header}
          </label>
        ))}
      </fieldset>
    </details>
  );
}

/** 'inquiries-2026-11-22.csv', or 'inquiries-copper-2026-11-22.csv' for a search. */
export function csvFileName(base: string, q: string, today: Date): string {
  const search = q
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40);
  const day = today.toISOString().slice(0, 10);
  return `${[base, search, day].filter(Boolean).join('-')}.csv`;
}

/** Saves text as a file download in the browser (the export needs the bearer header, so no plain link). */
export function saveTextAsFile(text: string, fileName: string, type = 'text/csv;charset=utf-8'): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

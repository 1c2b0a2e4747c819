import { PLACEHOLDERS, type Placeholder } from '@sourcing/shared';

/** What each placeholder becomes in a reply, as Settings explains it (docs/admin.md#canned-replies). */
export const PLACEHOLDER_MEANINGS: Record<Placeholder, string> = {
  name: 'the sender’s name',
  reference: 'the record’s reference',
  commodity: 'what they ask for or offer',
};

/** A canned reply's text as the list shows it: its first line that says something. */
export const firstLineOf = (body: string): string =>
  body
    .split(/\r?\n/)
    .map((line) => line.trim())
    .find(Boolean) ?? '';

/** A placeholder as it is written in a canned reply: `{{name}}`. */
export const tagOf = (placeholder: Placeholder): string => `{{${placeholder}}}`;

/** The form's reminder of the placeholders: `Write {{name}}, {{reference}} or {{commodity}} where the record’s own words go.` */
export const PLACEHOLDER_HINT = `Write ${PLACEHOLDERS.slice(0, -1).map(tagOf).join(', ')} or ${tagOf(PLACEHOLDERS.at(-1)!)} where the record’s own words go.`;

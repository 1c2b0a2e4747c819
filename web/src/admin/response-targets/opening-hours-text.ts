import type { OpeningHours } from '@sourcing/shared';

/** How a day's openings read in the settings form: '09:00-13:00, 14:00-17:00'; '' when closed all day. */
export const openingHoursText = (hours: readonly OpeningHours[]): string => hours.map((h) => `${h.open}-${h.close}`).join(', ');

const OPENING = /^(\d{2}:\d{2})\s*[-–]\s*(\d{2}:\d{2})$/;

/** A day's openings from the form's text, or null when a part is not 'HH:MM-HH:MM' (the server checks the times themselves). */
export function parseOpeningHours(text: string): OpeningHours[] | null {
  const parts = text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  const hours: OpeningHours[] = [];
  for (const part of parts) {
    const match = OPENING.exec(part);
    if (!match) return null;
    hours.push({ open: match[1], close: match[2] });
  }
  return hours;
}

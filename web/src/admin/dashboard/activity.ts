import { ACTIVITY_TEXT, type RecentActivity } from '@sourcing/shared';

const CIRCLE_COLOURS: Record<RecentActivity['kind'], string> = {
  inquiry: 'activity-inquiry',
  contact: 'activity-contact',
  subscriber: 'activity-subscriber',
};

/** How one Recent Activities item reads: who, what they did, the initial and its circle colour. */
export function describeActivity(activity: RecentActivity) {
  const name = activity.name.trim();
  return {
    name,
    text: ACTIVITY_TEXT[activity.kind],
    initial: (name[0] ?? '?').toUpperCase(),
    colourClass: CIRCLE_COLOURS[activity.kind],
  };
}

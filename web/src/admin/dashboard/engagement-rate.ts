import { DASH } from '../lists/list-definitions';

/**
 * docs/admin.md#engagement-rate: Engagement Rate = inquiries / subscribers x 100, one decimal, capped at 100%,
 * a dash when either count is zero.
 */
export function engagementRate(inquiries: number, subscribers: number): string {
  if (inquiries <= 0 || subscribers <= 0) return DASH;
  const percent = Math.min((inquiries / subscribers) * 100, 100);
  return `${percent.toFixed(1)}%`;
}

/** Country flags from country-flag-icons, imported one by one so only these ship. */
import AU from 'country-flag-icons/react/3x2/AU';
import BR from 'country-flag-icons/react/3x2/BR';
import CD from 'country-flag-icons/react/3x2/CD';
import ES from 'country-flag-icons/react/3x2/ES';
import ID from 'country-flag-icons/react/3x2/ID';
import IN from 'country-flag-icons/react/3x2/IN';
import LK from 'country-flag-icons/react/3x2/LK';
import NG from 'country-flag-icons/react/3x2/NG';
import RU from 'country-flag-icons/react/3x2/RU';
import SA from 'country-flag-icons/react/3x2/SA';
import TZ from 'country-flag-icons/react/3x2/TZ';
import US from 'country-flag-icons/react/3x2/US';
import ZA from 'country-flag-icons/react/3x2/ZA';
import ZM from 'country-flag-icons/react/3x2/ZM';

export type FlagCode = 'AU' | 'BR' | 'CD' | 'ES' | 'ID' | 'IN' | 'LK' | 'NG' | 'RU' | 'SA' | 'TZ' | 'US' | 'ZA' | 'ZM';
// Spelled out rather than `keyof typeof FLAGS`: the package does not export its component type,
// which the project's declarations would have to name.
const FLAGS: Record<FlagCode, typeof AU> = { AU, BR, CD, ES, ID, IN, LK, NG, RU, SA, TZ, US, ZA, ZM };

export const hasFlag = (code: string): code is FlagCode => code in FLAGS;

/** A flag beside the country's name: decorative unless `title` is given. */
export function Flag({ code, title, className = 'flag' }: { code: string; title?: string; className?: string }) {
  if (!hasFlag(code)) throw new Error(`No flag bundled for ${code}`);
  const Svg = FLAGS[code];
  return title ? (
    <Svg className={className} title={title} role="img" aria-label={title} />
  ) : (
    <Svg className={className} aria-hidden="true" />
  );
}

// The other half of the cycle (see a.ts).
import { a } from './a';

export const b = (): number => (Math.random() < 0.5 ? 0 : a());

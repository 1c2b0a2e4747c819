// One half of a two-file import cycle: `npm run lint` must report it (api/src/import-cycles.test.ts).
import { b } from './b';

export const a = () => b() + 1;

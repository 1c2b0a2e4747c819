// One half of a two-file import cycle: import/no-cycle must report it (api/src/import-cycles.test.ts).
import { b } from './b';

export const a = () => b() + 1;

/**
 * A LIKE pattern finding `text` anywhere, its own `%`, `_` and `\` matched as themselves: use it
 * with `ESCAPE '\'` (both engines read the escape the same way).
 */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

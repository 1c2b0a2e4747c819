/** A count with its noun, one or many: `plural(1, 'inquiry', 'inquiries')` is "1 inquiry". */
export const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

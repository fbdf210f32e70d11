/**
 * The one plural rule of the app's English (issue 32: no more "1 customers"): a count with its noun,
 * "1 customer", "2 customers", "0 customers"; irregular plurals are given ("1 child", "2 children").
 */
export const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** The noun alone, for sentences where the count is elsewhere ("1 of 3 seats left" -> seat/seats). */
export const pluralWord = (n: number, one: string, many = `${one}s`) => (n === 1 ? one : many);

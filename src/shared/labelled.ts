/** A closed set of values written once, as the labels of its values: `keysOf` gives the values in order. */

/** The keys of a label record, in the order they are written: the values for z.enum and for lists. */
export function keysOf<const L extends Record<string, string>>(labels: L) {
  return Object.keys(labels) as [keyof L & string, ...(keyof L & string)[]];
}

/**
 * A partial update: a key that is absent (or undefined) leaves the stored value untouched,
 * `null` clears it, any other value replaces it.
 */
export type Patch<T> = { [K in keyof T]?: T[K] | null };

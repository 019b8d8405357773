export function assertUnreachable(value: never): never {
  throw new Error(`unhandled case: ${String(value)}`);
}

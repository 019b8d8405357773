export function normalizeUnifiedId(raw: string): string | null {
  const value = raw.trim();
  return value.length > 0 ? value : null;
}

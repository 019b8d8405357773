import { AuthenticatedAccount } from '../domain/account';

export type KeyLookup = AuthenticatedAccount & { lastUsedAt: Date | null };

interface Entry {
  value: KeyLookup;
  storedAt: number;
}

/**
 * Live API keys by hash, so most requests skip the key lookup. It only holds entries while the
 * service hears about key changes (see ApiKeyChanges): any change, or losing the feed, empties
 * it. A lookup that started before a change is not stored after it (the generation check), so a
 * revoked key cannot come back. Entries also expire after `maxAgeMs` whatever happens.
 */
export class ApiKeyCache {
  private readonly entries = new Map<string, Entry>();
  private current = 0;
  private trusted = false;

  constructor(
    private readonly maxAgeMs: number,
    private readonly maxEntries = 10_000,
    private readonly now: () => number = Date.now,
  ) {}

  get enabled(): boolean {
    return this.trusted && this.maxAgeMs > 0;
  }

  get(hash: string): KeyLookup | undefined {
    if (!this.enabled) return undefined;
    const entry = this.entries.get(hash);
    if (entry === undefined) return undefined;
    if (this.now() - entry.storedAt >= this.maxAgeMs) {
      this.entries.delete(hash);
      return undefined;
    }
    return entry.value;
  }

  /** Take before the database lookup whose result `remember` will store. */
  generation(): number {
    return this.current;
  }

  remember(hash: string, value: KeyLookup, generation: number): void {
    if (!this.enabled || generation !== this.current) return;
    if (this.entries.size >= this.maxEntries && !this.entries.has(hash)) {
      // The oldest insertion goes first (a Map iterates in insertion order).
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(hash, { value, storedAt: this.now() });
  }

  /** A key changed, or may have: forget everything, and every lookup in flight. */
  invalidate(): void {
    this.current++;
    this.entries.clear();
  }

  /** Whether key changes are heard; while not, nothing is cached. */
  setTrusted(trusted: boolean): void {
    this.invalidate();
    this.trusted = trusted;
  }
}

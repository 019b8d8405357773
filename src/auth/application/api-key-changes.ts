/** What the feed of API-key changes reports. */
export interface ApiKeyChangeListener {
  /** Some key changed (revoked, deleted): cached lookups are stale. */
  changed(): void;
  /** Whether changes are heard from now on; false after a lost connection, until it is back. */
  hearing(hearing: boolean): void;
}

/** Changes to API keys made by any service instance or by hand in the database. */
export abstract class ApiKeyChanges {
  abstract start(listener: ApiKeyChangeListener): void;
  abstract stop(): Promise<void>;
}

let sequence = 0;

/** A unique suffix so tests sharing one database never collide on identities. */
export function unique(prefix = 'x'): string {
  sequence += 1;
  return `${prefix}${Date.now().toString(36)}${sequence}`;
}

export type EventBody = Record<string, unknown>;

/** One update_attributes item with the given fields. */
export function event(fields: EventBody = {}): EventBody {
  return { event: 'update_attributes', ...fields };
}

/** An item for a lead with a fresh email, plus the given fields. */
export function leadEvent(fields: EventBody = {}): EventBody {
  return event({ lead_email: `${unique('lead')}@example.com`, ...fields });
}

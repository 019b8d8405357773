/** One identifier value of a given kind, e.g. `{ kind: 'lead_email', value: 'ada@example.com' }`. */
export interface Identifier<K extends string = string> {
  kind: K;
  value: string;
}

/** An identifier newly attached to an entity by this batch. */
export interface IdentifierClaim<K extends string = string> extends Identifier<K> {
  entityId: string;
}

export interface Resolution<K extends string> {
  entityId: string;
  /** The item's identifiers that belong to the selected entity once the item is applied. */
  owned: Identifier<K>[];
}

const keyOf = (id: Identifier): string => `${id.kind}\u0000${id.value}`;

/**
 * The matching policy, applied item by item in array order over what the database already holds
 * plus what earlier items of the batch attached:
 * - the item's identifiers are tried in priority order; the first one owned by an entity selects it;
 * - none owned: a new entity;
 * - every identifier not owned by anyone is attached to the selected entity;
 * - an identifier owned by a *different* entity stays with it (that entity is not touched).
 */
export class IdentityResolver<K extends string> {
  private readonly owners: Map<string, string>;
  private readonly created: string[] = [];
  private readonly claimed: IdentifierClaim<K>[] = [];

  constructor(
    existing: Iterable<IdentifierClaim<K>>,
    private readonly newId: () => string,
  ) {
    this.owners = new Map([...existing].map((id) => [keyOf(id), id.entityId]));
  }

  /** `identifiers` must be in priority order and non-empty. */
  resolve(identifiers: readonly Identifier<K>[]): Resolution<K> {
    const owners = identifiers.map((id) => this.owners.get(keyOf(id)));
    const match = owners.find((owner) => owner !== undefined);
    const entityId = match ?? this.newId();
    if (match === undefined) this.created.push(entityId);
    const owned: Identifier<K>[] = [];
    identifiers.forEach((id, i) => {
      const owner = owners[i];
      if (owner === undefined) {
        this.owners.set(keyOf(id), entityId);
        this.claimed.push({ kind: id.kind, value: id.value, entityId });
      }
      if (owner === undefined || owner === entityId) owned.push(id);
    });
    return { entityId, owned };
  }

  /** Entities the batch creates, in order of first appearance. */
  get newEntityIds(): readonly string[] {
    return this.created;
  }

  /** Identifiers the batch attaches, in order of first appearance. */
  get claims(): readonly IdentifierClaim<K>[] {
    return this.claimed;
  }
}

/**
 * What the soak expects the service to hold: the last value reported successful for every
 * (lead, attribute) and (sender, field), and which identities are in use by a request in flight
 * (two concurrent requests on one identity would make "the last value" ambiguous).
 */
export const WORKSPACES = ['ws-soak-1', 'ws-soak-2', 'ws-soak-3'];
export const EMAIL_SERVERS = ['google_workspace', 'microsoft_365', 'private_smtp'];

export interface ExpectedLead {
  lead_first_name?: string;
  lead_job_title?: string;
  /** workspace_id → lead_status */
  statuses: Record<string, string>;
}

export interface ExpectedSender {
  sender_name?: string;
  /** undefined = never sent (a new sender starts in Unassigned Senders: null) */
  workspace_id?: string | null;
  email_server?: string;
}

export type Item = Record<string, unknown>;

export interface PlannedItem {
  item: Item;
  /** The identity the item touches, and what the model learns if it succeeds. */
  key: string;
  valid: boolean;
  apply: () => void;
}

export class SoakModel {
  readonly leads = new Map<string, ExpectedLead>();
  readonly senders = new Map<string, ExpectedSender>();
  private readonly busy = new Set<string>();
  private sequence = 0;

  constructor(
    private readonly runId: string,
    private readonly leadPool: number,
    private readonly senderPool: number,
  ) {}

  next(): number {
    return ++this.sequence;
  }

  leadEmail(n: number): string {
    return `lead-${n}@${this.runId}.soak.test`;
  }

  senderId(n: number): string {
    return n % 4 === 0
      ? `https://www.linkedin.com/in/soak-${this.runId}-${n}`
      : `sender-${n}@${this.runId}.soak-mail.test`;
  }

  /** Up to `count` distinct identities nobody else is writing; marked busy until released. */
  claim(kind: 'lead' | 'sender', count: number): string[] {
    const claimed: string[] = [];
    const pool = kind === 'lead' ? this.leadPool : this.senderPool;
    for (let attempts = 0; claimed.length < count && attempts < count * 10; attempts++) {
      const n = Math.floor(Math.random() * pool);
      const key = kind === 'lead' ? this.leadEmail(n) : this.senderId(n);
      if (this.busy.has(key)) continue;
      this.busy.add(key);
      claimed.push(key);
    }
    return claimed;
  }

  release(keys: string[]): void {
    keys.forEach((key) => this.busy.delete(key));
  }

  /** A valid event item, or (with `invalid`) one the service must refuse: icp without workspace_id. */
  eventItem(email: string, invalid: boolean): PlannedItem {
    const seq = this.next();
    if (invalid) {
      return {
        item: { event: 'update_attributes', lead_email: email, icp: `tier ${seq}` },
        key: email,
        valid: false,
        apply: () => undefined,
      };
    }
    const workspace = WORKSPACES[seq % WORKSPACES.length];
    const values = { lead_first_name: `First ${seq}`, lead_job_title: `Title ${seq}` };
    const withStatus = seq % 2 === 0;
    const item: Item = { event: 'update_attributes', lead_email: email, ...values };
    if (withStatus) Object.assign(item, { workspace_id: workspace, lead_status: `status ${seq}` });
    return {
      item,
      key: email,
      valid: true,
      apply: () => {
        const lead = this.leads.get(email) ?? { statuses: {} };
        Object.assign(lead, values);
        if (withStatus) lead.statuses[workspace] = `status ${seq}`;
        this.leads.set(email, lead);
      },
    };
  }

  /** A sender upsert; invalid = a `type` contradicting the sender, which the service refuses. */
  senderItem(sender: string, invalid: boolean): PlannedItem {
    const seq = this.next();
    const linkedin = sender.startsWith('https://');
    if (invalid) {
      return {
        item: { sender, type: linkedin ? 'email' : 'linkedin', sender_name: `Never ${seq}` },
        key: sender,
        valid: false,
        apply: () => undefined,
      };
    }
    const item: Item = { sender, sender_name: `Sender ${seq}` };
    // Reassign often: a workspace, back to Unassigned (null), or leave it where it is (omitted).
    const choice = seq % 5;
    const workspace = choice < 3 ? WORKSPACES[choice] : choice === 3 ? null : undefined;
    if (workspace !== undefined) item.workspace_id = workspace;
    const server = linkedin ? undefined : EMAIL_SERVERS[seq % EMAIL_SERVERS.length];
    if (server) item.email_server = server;
    return {
      item,
      key: sender,
      valid: true,
      apply: () => {
        const expected = this.senders.get(sender) ?? {};
        expected.sender_name = `Sender ${seq}`;
        if (workspace !== undefined) expected.workspace_id = workspace;
        if (server) expected.email_server = server;
        this.senders.set(sender, expected);
      },
    };
  }
}

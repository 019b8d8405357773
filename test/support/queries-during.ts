import { Client } from 'pg';

export interface SentQuery {
  text: string;
  /** The prepared-statement name, when the query had one. */
  name?: string;
}

/** Every query the process sent to PostgreSQL (through pg's Client) while `work` ran. */
export async function queriesDuring(work: () => Promise<unknown>): Promise<SentQuery[]> {
  const spy = jest.spyOn(Client.prototype, 'query');
  try {
    await work();
    return spy.mock.calls.map(([query]) =>
      typeof query === 'string'
        ? { text: query }
        : { text: (query as { text: string }).text, name: (query as { name?: string }).name },
    );
  } finally {
    spy.mockRestore();
  }
}

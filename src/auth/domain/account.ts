export interface Account {
  id: string;
  name: string;
  createdAt: Date;
}

export interface ApiKey {
  id: string;
  accountId: string;
  name: string | null;
  prefix: string;
  createdAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
}

/** The account a request acts for, resolved from its API key. */
export interface AuthenticatedAccount {
  accountId: string;
  apiKeyId: string;
}

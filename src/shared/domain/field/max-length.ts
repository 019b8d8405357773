/**
 * Length classes shared by every ingestion endpoint, in characters (Unicode code points, the unit
 * PostgreSQL's varchar(n) counts), measured after trimming. Per-field tables live beside each
 * validator and reference these so the OpenAPI docs and the checks cannot drift apart.
 */
export const MAX_LENGTH = {
  /** RFC 5321 path limit. */
  email: 254,
  url: 2048,
  identifier: 255,
  name: 255,
  text: 1000,
  longText: 10000,
  tag: 100,
} as const;

export const MAX_TAGS = 100;

// Placeholder until `npm run typegen` writes the generated types.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Database = any;

// `?quiniela={id|current}` for the picks screens; anything else falls back to the current round.
import * as z from 'zod/mini';
import type { RoundRef } from '../api/get-round-detail';

const RoundRefSchema = z.union([z.literal('current'), z.coerce.number().check(z.int(), z.positive())]);

export const RoundSearchSchema = z.object({ quiniela: z.catch(z.optional(RoundRefSchema), 'current') });

export function parseRoundSearch(search: Record<string, unknown>): { quiniela: RoundRef } {
  const parsed = RoundSearchSchema.parse(search);
  return { quiniela: parsed.quiniela ?? 'current' };
}

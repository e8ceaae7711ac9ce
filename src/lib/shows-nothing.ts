// Text that shows nothing: white space (\s) and the characters that render as nothing (soft
// hyphen, joiners, zero-width and direction marks, Hangul fillers, the blank Braille cell…).
// The database holds the same set (public.shows_nothing, supabase/schemas/
// 010_foundation.sql) for chat messages and poll answers; this copy lets the
// app answer before sending, and tests/api/shows-nothing.test.ts holds the two to the same answer
// for every character of the BMP.
const INVISIBLE = new Set([
  0x85, 0xad, 0x34f, 0x115f, 0x1160, 0x180e, 0x200b, 0x200c, 0x200d, 0x200e, 0x200f, 0x202a, 0x202b, 0x202c, 0x202d,
  0x202e, 0x2060, 0x2061, 0x2062, 0x2063, 0x2064, 0x2800, 0x3164, 0xffa0,
]);

export const showsNothing = (text: string): boolean => Array.from(text).every((c) => /\s/u.test(c) || INVISIBLE.has(c.codePointAt(0)!));

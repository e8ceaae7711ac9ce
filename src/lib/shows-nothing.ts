// Text that shows nothing, and the two lists of characters that decide it: white space as
// JavaScript knows it (trim(), \s) and the characters that render as nothing or reorder what
// follows (controls, soft hyphen, joiners, zero-width and direction marks, bidi isolates, Hangul
// fillers, the blank Braille cell, tag characters…). The database holds the same two lists once
// (public.white_space_characters, public.invisible_characters in supabase/schemas/010_foundation.sql)
// for chat messages, poll answers and liga names; this copy lets the app answer before sending,
// tests/api/shows-nothing.test.ts holds the two to the same answer for every character of the
// BMP and tests/api/rule-twins.test.ts liga names on the rest.

/** Characters that show nothing, as the body of a regular expression's bracket (`u` flag). */
export const INVISIBLE_CHARACTERS =
  '\\u0000-\\u0008\\u000E-\\u001F\\u007F-\\u009F\\u00AD\\u034F\\u061C\\u115F\\u1160\\u17B4\\u17B5\\u180B-\\u180F\\u200B-\\u200F\\u202A-\\u202E\\u2060-\\u2069\\u2800\\u3164\\uFEFF\\uFFA0\\uFFF9-\\uFFFB\\u{1D173}-\\u{1D17A}\\u{E0000}-\\u{E007F}';

// eslint-disable-next-line no-misleading-character-class -- the combining and control characters are the list
const BLANK = new RegExp(`^[\\s${INVISIBLE_CHARACTERS}]*$`, 'u');

export const showsNothing = (text: string): boolean => BLANK.test(text);

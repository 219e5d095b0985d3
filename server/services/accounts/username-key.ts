import { createHash } from 'node:crypto';
import unhomoglyph from 'unhomoglyph';

/** The longest key kept: a longer folded form is shortened to a prefix and its hash (see `usernameKey`). */
export const USERNAME_KEY_MAX = 128;

// Arabic letter forms a Persian name is typed with on an Arabic keyboard layout: yeh and alef maksura, kaf.
const PERSIAN_LETTER = new Map([
  ['\u064A', '\u06CC'], // ي → ی
  ['\u0649', '\u06CC'], // ى → ی
  ['\u0643', '\u06A9'], // ك → ک
]);
const ARABIC_FORMS = /[\u064A\u0649\u0643]/g;
// Accents of the Latin, Greek and Cyrillic block, Arabic vowel marks and the tatweel only shape a letter's look.
const IGNORED_MARKS = /[\u0300-\u036F\u064B-\u065F\u0670\u0640]/g;

/**
 * The form in which usernames are compared and kept unique: two usernames a person could take for one
 * another are one account. NFKC, case folding, Persian letter forms for their Arabic twins, accents
 * dropped, then the confusable skeleton of Unicode TS #39 (`аdmin` in Cyrillic and `ａｄｍｉｎ` fold
 * to `admin`'s key). Letters of every script keep their own key.
 */
export function usernameKey(username: string): string {
  const folded = username.trim().normalize('NFKC').toLowerCase().replace(ARABIC_FORMS, (letter) => PERSIAN_LETTER.get(letter)!);
  const bare = folded.normalize('NFD').replace(IGNORED_MARKS, '');
  const key = unhomoglyph(bare).normalize('NFD').toLowerCase().normalize('NFC');
  // Folding can lengthen a name (`İ` becomes two code points, `ﷺ` eighteen): past the column's size, a
  // prefix and the SHA-256 of the whole keep keys distinct without ever overflowing it.
  if ([...key].length <= USERNAME_KEY_MAX) return key;
  return `${[...key].slice(0, USERNAME_KEY_MAX - 65).join('')}#${createHash('sha256').update(key).digest('hex')}`;
}

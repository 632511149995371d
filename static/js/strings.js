// Every visible string of the pages, in English (strings.en.js) and Italian (strings.it.js).
// Keys are grouped by page or topic; "{name}" marks a value filled in by the page.
// tests/e2e/check_strings.mjs checks that every key the pages use exists in both languages.
import en from './strings.en.js';
import it from './strings.it.js';

export const LANGS = { en: 'English', it: 'Italiano' };

export const STRINGS = { en, it };

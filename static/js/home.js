// The front page: links to the three pages, in the chosen language.
import { applyI18n, mountLangSwitch } from './i18n.js';

applyI18n();
mountLangSwitch();

// Languages: every visible string comes from strings.js. The language is the browser's
// (English unless it prefers Italian), or the one chosen with the switch, remembered.
import { STRINGS, LANGS } from './strings.js';

const KEY = 'crawford.lang';
let lang = pick();

function pick() {
  try {
    const saved = localStorage.getItem(KEY);
    if (saved && STRINGS[saved]) return saved;
  } catch (e) { /* storage may be off */ }
  for (const l of navigator.languages || [navigator.language || 'en']) {
    const short = String(l).slice(0, 2).toLowerCase();
    if (STRINGS[short]) return short;
  }
  return 'en';
}

export function getLang() { return lang; }

// t(KEY, {name: 'Anna'}): "{name}" placeholders are replaced.
export function t(key, vars) {
  let s = (STRINGS[lang] && STRINGS[lang][key]);
  if (s === undefined) s = STRINGS.en[key];
  if (s === undefined) s = key;
  if (vars) s = s.replace(/\{(\w+)\}/g, (m, k) => (vars[k] !== undefined ? String(vars[k]) : m));
  return s;
}

// Fills data-i18n (text), data-i18n-aria (aria-label), data-i18n-ph (placeholder) and
// data-i18n-title (title) of root.
// A text already right is left alone: a page opened in English (its HTML's) changes nothing.
export function applyI18n(root = document) {
  document.documentElement.lang = lang;
  for (const el of root.querySelectorAll('[data-i18n]')) {
    const s = t(el.dataset.i18n);
    if (el.textContent !== s) el.textContent = s;
  }
  for (const el of root.querySelectorAll('[data-i18n-aria]')) el.setAttribute('aria-label', t(el.dataset.i18nAria));
  for (const el of root.querySelectorAll('[data-i18n-ph]')) el.setAttribute('placeholder', t(el.dataset.i18nPh));
  for (const el of root.querySelectorAll('[data-i18n-title]')) el.setAttribute('title', t(el.dataset.i18nTitle));
}

const listeners = [];
export function onLangChange(f) { listeners.push(f); }

export function setLang(l) {
  if (!STRINGS[l]) return;
  lang = l;
  try { localStorage.setItem(KEY, l); } catch (e) { /* ignore */ }
  applyI18n();
  for (const f of listeners) f(l);
}

// A <select> of the languages, in the element with id lang-switch.
export function mountLangSwitch(id = 'lang-switch') {
  const host = document.getElementById(id);
  if (!host) return;
  const label = document.createElement('label');
  label.setAttribute('for', 'lang-select');
  label.dataset.i18n = 'lang.label';
  label.textContent = t('lang.label');
  const sel = document.createElement('select');
  sel.id = 'lang-select';
  for (const [code, name] of Object.entries(LANGS)) {
    const o = document.createElement('option');
    o.value = code;
    o.textContent = name;
    if (code === lang) o.selected = true;
    sel.append(o);
  }
  sel.addEventListener('change', () => setLang(sel.value));
  host.append(label, sel);
}

// Small DOM helpers shared by the pages (no library).
import { t, getLang } from './i18n.js';

export const $ = (sel, root = document) => root.querySelector(sel);
export const $$ = (sel, root = document) => Array.from(root.querySelectorAll(sel));

// h('button', {class: 'big', onclick: f, 'aria-label': '…'}, 'text', child...)
export function h(tag, attrs, ...children) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === undefined || v === null || v === false) continue;
    if (k.startsWith('on') && typeof v === 'function') el.addEventListener(k.slice(2), v);
    else if (k === 'class') el.className = v;
    else if (k === 'dataset') Object.assign(el.dataset, v);
    else if (k === 'text') el.textContent = v;
    else if (v === true) el.setAttribute(k, '');
    else el.setAttribute(k, String(v));
  }
  for (const c of children.flat()) {
    if (c === undefined || c === null || c === false) continue;
    el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return el;
}

export function clear(el) {
  while (el.firstChild) el.removeChild(el.firstChild);
  return el;
}

// The page's polite live region (and an assertive one for refusals).
export function announce(msg, assertive = false) {
  const el = document.getElementById(assertive ? 'alert' : 'status');
  if (!el) return;
  el.textContent = '';
  // a change of text is what screen readers announce
  requestAnimationFrame(() => { el.textContent = msg; });
}

// Shows a refusal: the server's `detail` sentence, as it is, in the page's alert region
// (or in the given element).
export function showError(err, where) {
  const msg = err && err.status === 0 ? t('error.network') : (err && err.message) || String(err);
  const el = where || document.getElementById('alert');
  if (el) {
    el.textContent = msg;
    el.hidden = false;
  }
  return msg;
}

export function clearError(where) {
  const el = where || document.getElementById('alert');
  if (el) { el.textContent = ''; el.hidden = true; }
}

export function params() {
  return new URLSearchParams(location.search);
}

// "12:34" of an ISO time (or a Date), in the browser's zone and the page's language.
export function hhmm(iso) {
  if (!iso) return '';
  const d = new Date(iso);
  return d.toLocaleTimeString(getLang(), { hour: '2-digit', minute: '2-digit' });
}

// A count of chips or points in the page's language ("12,500" / "12.500").
export function num(n) {
  return Number(n).toLocaleString(getLang());
}

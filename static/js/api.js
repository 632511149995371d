// The API client of every page: JSON in and out, the X-Crawford header on every change
// (the server's CSRF defence), and refusals (application/problem+json) thrown as an
// ApiError whose message is the server's own `detail` sentence.
export class ApiError extends Error {
  constructor(status, problem) {
    super((problem && (problem.detail || problem.title)) || `HTTP ${status}`);
    this.status = status;
    this.problem = problem || {};
    this.title = this.problem.title || '';
  }
}

export const API = '/api/v1';

// method, path under /api/v1 (or absolute), optional JSON body. Resolves to the parsed
// body (null for an empty one); rejects with ApiError (status 0 when the network fails).
// td/boot.js asks the console's first GETs as this does (a classic script, it cannot
// import this module): keep the two alike.
export async function api(method, path, body, opts = {}) {
  const headers = { Accept: 'application/json' };
  if (method !== 'GET' && method !== 'HEAD') headers['X-Crawford'] = '1';
  let payload;
  if (body !== undefined && body !== null) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  if (opts.idempotencyKey) headers['Idempotency-Key'] = opts.idempotencyKey;
  return answer(fetch(path.startsWith('/') && !path.startsWith(API) ? API + path : path, {
    method, headers, body: payload, credentials: 'same-origin', cache: 'no-store',
  }));
}

// The answer of a request already sent (fetch's promise), as api() gives it.
export async function answer(sent) {
  let res;
  try {
    res = await sent;
  } catch (e) {
    throw new ApiError(0, { title: 'Network error', detail: '' });
  }
  const text = await res.text();
  let json = null;
  if (text) {
    try { json = JSON.parse(text); } catch (e) { json = null; }
  }
  if (!res.ok) throw new ApiError(res.status, json);
  return json;
}

export const get = (p) => api('GET', p);
export const post = (p, b) => api('POST', p, b);
export const patch = (p, b) => api('PATCH', p, b);
export const put = (p, b) => api('PUT', p, b);
export const del = (p, b) => api('DELETE', p, b);

// A key for Idempotency-Key: a repeated tap sends the same one and stores nothing twice.
export function newKey() {
  const a = new Uint8Array(12);
  crypto.getRandomValues(a);
  return Array.from(a, (x) => x.toString(16).padStart(2, '0')).join('');
}

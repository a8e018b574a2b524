// Every call to gif-bff goes through here: JSON in and out, RFC 9457 problems turned into
// ApiError (its message is the problem's `detail`), stale answers reported to the page, and the
// install token sent when the server asked for one (docs/installs.md).
import { about, requestParams } from './providers.js';

/** A failed call; `message` is what to show the user, `code` the problem's stable code. */
export class ApiError extends Error {
  constructor(status, problem) {
    super(problem.detail || problem.title || `gif-bff answered ${status}.`);
    this.status = status;
    this.code = problem.code || 'unknown';
  }

  /** True when gif-bff itself could not be reached (stopped, or the network is down). */
  get unreachable() { return this.code === 'network'; }
}

/**
 * Fires "stale" whenever an answer is a saved copy served because the upstream failed,
 * "unreachable" when gif-bff cannot be reached, and "reachable" on each answer from it.
 */
export const apiEvents = new EventTarget();

async function send(method, path, body, token) {
  const init = { method, headers: { Accept: 'application/json' }, cache: 'no-cache' };
  if (token) init.headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) {
    init.headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  let response;
  try {
    response = await fetch(path, init);
  } catch {
    apiEvents.dispatchEvent(new Event('unreachable'));
    throw new ApiError(0, { code: 'network', detail: 'Cannot reach gif-bff. Is it running?' });
  }
  apiEvents.dispatchEvent(new Event('reachable'));
  if (response.status === 204) return null;
  const isJSON = (response.headers.get('Content-Type') || '').includes('json');
  const data = isJSON ? await response.json().catch(() => null) : null;
  if (!response.ok) throw new ApiError(response.status, data || {});
  // The body says `"stale": true`; X-Cache: STALE says the same for answers without that member.
  if ((data && data.stale === true) || response.headers.get('X-Cache') === 'STALE') {
    apiEvents.dispatchEvent(new Event('stale'));
  }
  return data;
}

// Installs: only a server that requires one (GIF_BFF_INSTALLS=required) makes the app keep a
// token. Its first 401 install_token_required (or install_token_invalid: the stored token is
// stale) makes one install, whose token is kept and sent from then on; the call is tried once more.
const tokenKey = 'gif-bff.install-token';
const tokenCodes = ['install_token_required', 'install_token_invalid'];
let registering = null;
// Reading never throws: a browser that blocks storage still calls a server that needs no token.
const keptToken = () => { try { return localStorage.getItem(tokenKey); } catch { return null; } };

/** The token to retry with after `refused` was: a newer one, else one install shared by all callers. */
function installToken(refused) {
  const current = keptToken();
  if (registering || (current && current !== refused)) return registering || current;
  localStorage.removeItem(tokenKey);
  registering = send('POST', '/installs')
    .then((install) => { localStorage.setItem(tokenKey, install.token); return install.token; })
    .finally(() => { registering = null; });
  return registering;
}

/** True when the app holds an install token: the server keeps this browser's data apart from others'. */
export const holdsInstall = () => keptToken() !== null;

/**
 * "Erase my data": DELETE /installs/current with the kept token (the install and everything kept
 * for it), then a new install, so the app starts afresh. Unlike `call`, a 401 is not retried with
 * a new install: that would erase the fresh one, and the user must see why nothing was erased.
 */
export async function eraseInstall() {
  const token = keptToken();
  try {
    await send('DELETE', '/installs/current', undefined, token);
  } catch (error) {
    throw new ApiError(error.status, { code: error.code, detail: `Your data could not be erased: ${error.message}` });
  }
  try {
    await installToken(token);
  } catch (error) {
    throw new ApiError(error.status, { code: error.code, detail: `Your data was erased, but a new install could not be made: ${error.message}` });
  }
}

async function call(method, path, body) {
  const token = keptToken();
  try {
    return await send(method, path, body, token);
  } catch (error) {
    if (error.status !== 401 || !tokenCodes.includes(error.code)) throw error;
    return send(method, path, body, await installToken(token));
  }
}

function query(params) {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== '') search.set(name, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** Each provider's page size: GIPHY's 24 (seed 003), Unsplash's 30 (seed 004); a kind's, its providers'. */
const pageSize = (choice) => about(choice).pageSize;

/**
 * Where a page is asked for: the choice (a provider, or a kind's chain), except that a later page
 * names the provider that served the first (`servedBy`), so a chain's fallback never mixes two
 * providers' pages, and their offsets, in one grid.
 */
const source = (choice, servedBy) => (servedBy ? { provider: servedBy } : requestParams(choice));

export const api = {
  search: (q, choice, offset = 0, orderBy, servedBy) =>
    call('GET', `/search${query({ q, ...source(choice, servedBy), offset, limit: pageSize(choice), order_by: orderBy })}`),
  trending: (choice, offset = 0, servedBy) =>
    call('GET', `/trending${query({ ...source(choice, servedBy), offset, limit: pageSize(choice) })}`),
  item: (id) => call('GET', `/items/${encodeURIComponent(id)}`),
  download: (id) => call('POST', `/items/${encodeURIComponent(id)}/download`),
  report: (id, reason) => call('POST', `/items/${encodeURIComponent(id)}/reports`, { reason }),
  random: (choice) => call('GET', `/random${query(requestParams(choice))}`),
  spotlight: (choice) => call('GET', `/spotlight${query(requestParams(choice))}`),
  favorites: () => call('GET', '/favorites'),
  addFavorite: (id) => call('POST', '/favorites', { id }),
  removeFavorite: (id) => call('DELETE', `/favorites/${encodeURIComponent(id)}`),
  history: (contains) => call('GET', `/search/history${query({ contains })}`),
  exportData: () => call('GET', '/installs/current/export'),
  linkCode: () => send('POST', '/installs/current/link-codes', undefined, keptToken()),
  // The install's devices, and one revoked: like the code, for the token kept (a 401 makes no install).
  devices: () => send('GET', '/installs/current/tokens', undefined, keptToken()),
  revokeDevice: (id) => send('DELETE', `/installs/current/tokens/${encodeURIComponent(id)}`, undefined, keptToken()),
};

/**
 * "Use a code from another device": POST /installs/link; the token it answers (this browser's own,
 * for the other device's install) is kept from then on, replacing any this browser had.
 */
export async function linkWithCode(code) {
  const linked = await send('POST', '/installs/link', { code });
  localStorage.setItem(tokenKey, linked.token);
  return linked;
}

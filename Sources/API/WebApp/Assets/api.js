// Every call to gif-bff goes through here: JSON in and out, RFC 9457 problems turned into
// ApiError (its message is the problem's `detail`), and stale answers reported to the page.
import { about } from './providers.js';

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

async function call(method, path, body) {
  const init = { method, headers: { Accept: 'application/json' }, cache: 'no-cache' };
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

function query(params) {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== '') search.set(name, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** Each provider's page size: GIPHY's 24 (seed 003), Unsplash's 30 (seed 004). */
const pageSize = (provider) => about(provider).pageSize;

export const api = {
  search: (q, provider, offset = 0, orderBy) =>
    call('GET', `/search${query({ q, provider, offset, limit: pageSize(provider), order_by: orderBy })}`),
  trending: (provider, offset = 0) => call('GET', `/trending${query({ provider, offset, limit: pageSize(provider) })}`),
  item: (id) => call('GET', `/items/${encodeURIComponent(id)}`),
  download: (id) => call('POST', `/items/${encodeURIComponent(id)}/download`),
  random: (provider) => call('GET', `/random${query({ provider })}`),
  spotlight: (provider) => call('GET', `/spotlight${query({ provider })}`),
  favorites: () => call('GET', '/favorites'),
  addFavorite: (id) => call('POST', '/favorites', { id }),
  removeFavorite: (id) => call('DELETE', `/favorites/${encodeURIComponent(id)}`),
  history: (contains) => call('GET', `/search/history${query({ contains })}`),
};

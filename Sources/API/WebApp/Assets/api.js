// Every call to gif-bff goes through here: JSON in and out, RFC 9457 problems turned into
// ApiError (its message is the problem's `detail`), and stale answers reported to the page.

/** A failed call; `message` is what to show the user, `code` the problem's stable code. */
export class ApiError extends Error {
  constructor(status, problem) {
    super(problem.detail || problem.title || `gif-bff answered ${status}.`);
    this.status = status;
    this.code = problem.code || 'unknown';
  }
}

/** Fires "stale" whenever an answer is a saved copy served because the upstream failed. */
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
    throw new ApiError(0, { code: 'network', detail: 'Cannot reach gif-bff. Is it running?' });
  }
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

export const pageSize = 24;

export const api = {
  search: (q, offset = 0) => call('GET', `/search${query({ q, offset, limit: pageSize })}`),
  trending: (offset = 0) => call('GET', `/trending${query({ offset, limit: pageSize })}`),
  gif: (id) => call('GET', `/gif/${encodeURIComponent(id)}`),
  random: () => call('GET', '/random'),
  spotlight: () => call('GET', '/spotlight'),
  favorites: () => call('GET', '/favorites'),
  addFavorite: (id) => call('POST', '/favorites', { id }),
  removeFavorite: (id) => call('DELETE', `/favorites/${encodeURIComponent(id)}`),
  history: (contains) => call('GET', `/search/history${query({ contains })}`),
};

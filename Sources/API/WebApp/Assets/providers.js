// The providers this server serves and what the views need to know of each: its kind (GIFs or
// photos), the page size its grid asks for, the orders its search and feed take, and what to call
// one of its items. The server writes which providers it serves, and its default, into the page's
// <meta> tags. A view shows a "choice": one provider by name (strict: its answer or its failure),
// or a kind (`kind:gifs`, `kind:photos`), which the server serves from that kind's chain, the
// first provider that can answer doing so (issue 46).
import { el } from './ui.js';

const known = {
  giphy: { label: 'GIPHY', kind: 'gifs', noun: 'GIF', nouns: 'GIFs', pageSize: 24, searchOrders: [], extension: 'gif' },
  klipy: { label: 'KLIPY', kind: 'gifs', noun: 'GIF', nouns: 'GIFs', pageSize: 24, searchOrders: [], extension: 'gif' },
  unsplash: {
    label: 'Unsplash', kind: 'photos', noun: 'Photo', nouns: 'photos', pageSize: 30, searchOrders: ['relevant', 'latest'], extension: 'jpg',
  },
  pexels: { label: 'Pexels', kind: 'photos', noun: 'Photo', nouns: 'photos', pageSize: 30, searchOrders: [], extension: 'jpg' },
};

// A kind's chain may be served by any of its providers, so it offers no provider's own orders.
const kinds = {
  gifs: { label: 'GIFs (any provider)', kind: 'gifs', noun: 'GIF', nouns: 'GIFs', pageSize: 24, searchOrders: [], extension: 'gif' },
  photos: { label: 'Photos (any provider)', kind: 'photos', noun: 'Photo', nouns: 'photos', pageSize: 30, searchOrders: [], extension: 'jpg' },
};
const kindPrefix = 'kind:';

function meta(name) {
  return (document.querySelector(`meta[name="${name}"]`)?.getAttribute('content') || '').trim();
}

/** The providers offered, in the server's order; GIPHY alone when the page was not filled in. */
export const providers = (() => {
  const served = meta('gif-bff-providers').split(/\s+/).filter((name) => name in known);
  return served.length ? served : ['giphy'];
})();

/** The kinds offered: those of which the server serves at least one provider. */
const servedKinds = Object.keys(kinds).filter((kind) => providers.some((name) => known[name].kind === kind));

/** The server's default provider (GIF_BFF_DEFAULT_PROVIDER). */
const defaultProvider = providers.includes(meta('gif-bff-default-provider')) ? meta('gif-bff-default-provider') : providers[0];

/**
 * What a view shows when the address names neither a provider nor a kind: as the API does for
 * such a request, the chain of the default provider's kind ("GIFs (any provider)").
 */
const defaultChoice = servedKinds.includes(known[defaultProvider].kind) ? kindPrefix + known[defaultProvider].kind : defaultProvider;

/** The choice an address names: `provider=` (one provider), else `kind=` (its chain), else the default chain. */
export function providerFrom(params) {
  const named = params.get('provider');
  if (providers.includes(named)) return named;
  const kind = (params.get('kind') || '').toLowerCase();
  return servedKinds.includes(kind) ? kindPrefix + kind : defaultChoice;
}

/** The kind a choice names (`gifs`, `photos`), or null for one provider. */
export function kindOf(choice) {
  return choice && choice.startsWith(kindPrefix) ? choice.slice(kindPrefix.length) : null;
}

/** What a view needs to know of a provider or of a kind's chain. */
export function about(choice) {
  return kinds[kindOf(choice)] || known[choice] || known.giphy;
}

/** The request's parameters for a choice: `{ provider }`, or `{ kind }` and no provider. */
export function requestParams(choice) {
  const kind = kindOf(choice);
  return kind ? { kind } : { provider: choice };
}

/** An item's provider (an older server's items name none: they are GIPHY's). */
export function providerOf(item) {
  return item.provider in known ? item.provider : 'giphy';
}

/** True for a provider (or an item's) whose items are photos. */
export function isPhotos(choice) {
  return about(choice).kind === 'photos';
}

/**
 * "From GIPHY": the provider that served a page (its `provider`), beside the grid; a page from an
 * older server names none, and then nothing is shown.
 */
export function servedBy(page) {
  const name = page && page.provider;
  if (!name) return null;
  return el('p', { class: 'served-by', dataset: { test: 'served-by', provider: name } }, `From ${known[name] ? known[name].label : name}`);
}

/**
 * The switch on Search, Random and Spotlight: a <select> whose option values are provider names
 * and kinds (`kind:gifs`). Choosing one rewrites the address (so a reload or a shared link keeps
 * it) through `navigate`.
 */
export function providerSwitch(current, navigate) {
  const choices = [...servedKinds.map((kind) => kindPrefix + kind), ...providers];
  const select = el('select', { 'aria-label': 'Provider', dataset: { test: 'provider-switch' }, class: 'provider-switch' },
    choices.map((choice) => el('option', { value: choice, selected: choice === current }, about(choice).label)));
  select.addEventListener('change', () => navigate(select.value));
  return el('label', { class: 'switch' }, 'From ', select);
}

/** `#/view?provider=…&…` (or `kind=…`), empty values left out; the choice always named, so a shared link keeps it. */
export function address(view, choice, params = {}) {
  const query = new URLSearchParams(requestParams(choice));
  for (const [name, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== '') query.set(name, String(value));
  }
  const text = query.toString();
  return `#/${view}${text ? `?${text}` : ''}`;
}

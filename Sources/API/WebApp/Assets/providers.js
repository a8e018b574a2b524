// The providers this server serves and what the views need to know of each: the page size its
// grid asks for, the orders its search and feed take, and what to call one of its items.
// The server writes which providers it serves, and its default, into the page's <meta> tags.
import { el } from './ui.js';

const known = {
  giphy: { label: 'GIPHY', noun: 'GIF', nouns: 'GIFs', pageSize: 24, searchOrders: [], extension: 'gif' },
  unsplash: {
    label: 'Unsplash', noun: 'Photo', nouns: 'photos', pageSize: 30, searchOrders: ['relevant', 'latest'], extension: 'jpg',
  },
};

function meta(name) {
  return (document.querySelector(`meta[name="${name}"]`)?.getAttribute('content') || '').trim();
}

/** The providers offered, in the server's order; GIPHY alone when the page was not filled in. */
export const providers = (() => {
  const served = meta('gif-bff-providers').split(/\s+/).filter((name) => name in known);
  return served.length ? served : ['giphy'];
})();

/** The server's default provider (GIF_BFF_DEFAULT_PROVIDER): what a view shows when the address names none. */
export const defaultProvider = providers.includes(meta('gif-bff-default-provider')) ? meta('gif-bff-default-provider') : providers[0];

/** The provider an address names (`provider=`), or the default one. */
export function providerFrom(params) {
  const named = params.get('provider');
  return providers.includes(named) ? named : defaultProvider;
}

export function about(provider) {
  return known[provider] || known.giphy;
}

/** An item's provider (an older server's items name none: they are GIPHY's). */
export function providerOf(item) {
  return item.provider in known ? item.provider : 'giphy';
}

/**
 * The switch on Search, Random and Spotlight: a <select> whose option values are provider names.
 * Choosing one rewrites the address (so a reload or a shared link keeps it) through `navigate`.
 */
export function providerSwitch(current, navigate) {
  const select = el('select', { 'aria-label': 'Provider', dataset: { test: 'provider-switch' }, class: 'provider-switch' },
    providers.map((name) => el('option', { value: name, selected: name === current }, about(name).label)));
  select.addEventListener('change', () => navigate(select.value));
  return el('label', { class: 'switch' }, 'From ', select);
}

/** `#/view?provider=…&…`, empty values left out; the provider always named, so a shared link keeps it. */
export function address(view, provider, params = {}) {
  const query = new URLSearchParams({ provider });
  for (const [name, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== '') query.set(name, String(value));
  }
  const text = query.toString();
  return `#/${view}${text ? `?${text}` : ''}`;
}

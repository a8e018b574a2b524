// The app's shell: a hash router (#/search?provider=&q=&order_by= (kind= instead of provider=: its chain), #/item/<id> (#/gif/<id> too),
// #/favorites, #/random?provider=, #/spotlight?provider=) that swaps one view at a time, the tab
// highlight and the offline banner.
import { apiEvents } from './api.js';
import { renderDetail } from './detail.js';
import { renderFavorites } from './favorites.js';
import { renderRandom } from './random.js';
import { renderSearch } from './search.js';
import { renderSpotlight } from './spotlight.js';

const view = document.getElementById('view');
const banner = document.getElementById('offline');
let cleanup = () => {};
// The provider (or kind) last named in the address: the tabs keep it, so Random and Spotlight follow Search.
let lastChoice = null;

// Why the page is offline, in words: gif-bff gone, or the provider behind it (a saved answer).
const bannerTexts = {
  unreachable: 'Offline: gif-bff cannot be reached. Showing what was loaded before.',
  stale: 'Offline: the provider cannot be reached, so these are saved results, not fresh ones.',
};
function showBanner(reason) {
  // gif-bff gone outranks a stale answer: it is the one the user can act on.
  if (!banner.hidden && banner.dataset.reason === 'unreachable') return;
  banner.textContent = bannerTexts[reason];
  banner.dataset.reason = reason;
  banner.hidden = false;
}
// Any stale answer or lost connection while a view is up shows the banner; a new view starts without it.
apiEvents.addEventListener('stale', () => showBanner('stale'));
apiEvents.addEventListener('unreachable', () => showBanner('unreachable'));
apiEvents.addEventListener('reachable', () => {
  if (banner.dataset.reason === 'unreachable') banner.hidden = true;
});

function route() {
  const hash = location.hash.replace(/^#\/?/, '');
  const [path, queryText = ''] = hash.split('?');
  const [name, argument] = path.split('/');
  const params = new URLSearchParams(queryText);
  cleanup();
  banner.hidden = true;
  view.replaceChildren();
  let tab = name || 'search';
  switch (name) {
    case 'item':
    case 'gif': cleanup = renderDetail(view, decodeURIComponent(argument || '')); tab = ''; break;
    case 'favorites': cleanup = renderFavorites(view); break;
    case 'random': cleanup = renderRandom(view, params); break;
    case 'spotlight': cleanup = renderSpotlight(view, params); break;
    default: cleanup = renderSearch(view, params); tab = 'search';
  }
  const named = ['provider', 'kind'].find((name) => params.get(name));
  if (named) lastChoice = `${named}=${encodeURIComponent(params.get(named))}`;
  for (const link of document.querySelectorAll('nav a')) {
    if (link.dataset.tab === tab) link.setAttribute('aria-current', 'page');
    else link.removeAttribute('aria-current');
    if (lastChoice && link.dataset.tab !== 'favorites') {
      link.setAttribute('href', `#/${link.dataset.tab}?${lastChoice}`);
    }
  }
}

// The skip link moves focus only: following its #view would change the route.
document.querySelector('.skip').addEventListener('click', (event) => { event.preventDefault(); view.focus(); });
window.addEventListener('hashchange', route);
route();

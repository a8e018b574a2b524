// The app's shell: a hash router (#/search?q=, #/gif/<id>, #/favorites, #/random, #/spotlight)
// that swaps one view at a time, the tab highlight and the offline banner.
import { apiEvents } from './api.js';
import { renderDetail } from './detail.js';
import { renderFavorites } from './favorites.js';
import { renderRandom } from './random.js';
import { renderSearch } from './search.js';
import { renderSpotlight } from './spotlight.js';

const view = document.getElementById('view');
const banner = document.getElementById('offline');
let cleanup = () => {};

// Any stale answer while a view is up shows the banner; a new view starts without it.
apiEvents.addEventListener('stale', () => { banner.hidden = false; });

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
    case 'gif': cleanup = renderDetail(view, decodeURIComponent(argument || '')); tab = ''; break;
    case 'favorites': cleanup = renderFavorites(view); break;
    case 'random': cleanup = renderRandom(view); break;
    case 'spotlight': cleanup = renderSpotlight(view); break;
    default: cleanup = renderSearch(view, params); tab = 'search';
  }
  for (const link of document.querySelectorAll('nav a')) {
    if (link.dataset.tab === tab) link.setAttribute('aria-current', 'page');
    else link.removeAttribute('aria-current');
  }
}

// The skip link moves focus only: following its #view would change the route.
document.querySelector('.skip').addEventListener('click', (event) => { event.preventDefault(); view.focus(); });
window.addEventListener('hashchange', route);
route();

// Favorites (seeds 002, 003): GIFs and photos in one list, newest first (the server's order),
// each with its provider's attribution and its alt text; remove; an empty state; under them,
// "Erase my data" when the app holds an install token (erase.js).
import { api, holdsInstall } from './api.js';
import { eraseSection } from './erase.js';
import { devicesSection } from './devices.js';
import { altText, attributionLine, grid, gridCell } from './grid.js';
import { el, errorBox, loading, show } from './ui.js';

export function renderFavorites(view) {
  let alive = true;
  // After an erase, what happened is said above the (now empty) list.
  const erased = () => alive && load(el('p', { class: 'status', role: 'status', dataset: { test: 'erased' } },
    'Your data was erased: this browser is a new install, with no favorites and no search history.'));
  // Asked for after the list loaded: its first call is what makes the install, when one is needed.
  // After linking, the other device's install is this browser's: its list is shown.
  const linked = () => alive && load(el('p', { class: 'status', role: 'status', dataset: { test: 'linked' } },
    'This browser is linked: it shows the other device\'s favorites and search history.'));
  const erase = () => [holdsInstall() ? eraseSection(erased) : null, devicesSection(linked)];
  async function load(notice) {
    show(view, el('h2', {}, 'Favorites'), notice, loading());
    try {
      const list = await api.favorites();
      if (!alive) return;
      if (list.data.length === 0) {
        show(view, el('h2', {}, 'Favorites'), notice, el('p', { class: 'empty', dataset: { test: 'empty' } },
          'No favorites yet. Open a GIF or a photo and press the star, or like one under Random.'), erase());
        return;
      }
      const cells = grid('Favorites', 'mixed');
      const message = el('div', { class: 'message' });
      for (const item of list.data) {
        const remove = el('button', { type: 'button', class: 'remove', 'aria-label': `Remove ${item.title || item.id} from favorites` }, 'Remove');
        // The alt text in words too: the grid's images are small, and it is the item's description.
        const caption = el('div', { class: 'cell-caption' },
          el('p', { class: 'alt-text', dataset: { test: 'favorite-alt' } }, altText(item)),
          attributionLine(item, 'favorite-attribution'));
        const cell = gridCell(item, 'favorite-item', { caption, extra: remove });
        remove.addEventListener('click', async () => {
          remove.disabled = true;
          try {
            await api.removeFavorite(item.id);
            load();
          } catch (error) {
            remove.disabled = false;
            show(message, errorBox(error));
          }
        });
        cells.append(cell);
      }
      show(view, el('h2', {}, `Favorites (${list.count} of ${list.limit})`), notice, message, cells, erase());
    } catch (error) {
      if (alive) show(view, el('h2', {}, 'Favorites'), errorBox(error, () => load()));
    }
  }
  load();
  return () => { alive = false; };
}

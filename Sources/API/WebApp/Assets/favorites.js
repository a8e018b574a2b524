// Favorites (seed 003): newest first (the server's order), the same grid, remove, an empty state.
import { api } from './api.js';
import { grid, gridCell } from './grid.js';
import { el, errorBox, loading, show } from './ui.js';

export function renderFavorites(view) {
  let alive = true;
  async function load() {
    show(view, el('h2', {}, 'Favorites'), loading());
    try {
      const list = await api.favorites();
      if (!alive) return;
      if (list.data.length === 0) {
        show(view, el('h2', {}, 'Favorites'), el('p', { class: 'empty' },
          'No favorites yet. Open a GIF and press the star, or like one under Random.'));
        return;
      }
      const cells = grid('Favorite GIFs');
      const message = el('div', { class: 'message' });
      for (const gif of list.data) {
        const remove = el('button', { type: 'button', class: 'remove', 'aria-label': `Remove ${gif.title || gif.id} from favorites` }, 'Remove');
        const cell = gridCell(gif, 'favorite-item', remove);
        remove.addEventListener('click', async () => {
          remove.disabled = true;
          try {
            await api.removeFavorite(gif.id);
            load();
          } catch (error) {
            remove.disabled = false;
            show(message, errorBox(error));
          }
        });
        cells.append(cell);
      }
      show(view, el('h2', {}, `Favorites (${list.count} of ${list.limit})`), message, cells);
    } catch (error) {
      if (alive) show(view, el('h2', {}, 'Favorites'), errorBox(error, load));
    }
  }
  load();
  return () => { alive = false; };
}

// Random (seeds 000, 001): one GIF at a time, like or dislike, "GIF n of 10", a green or red
// flash on the choice; a like adds the GIF to the favorites; after 10, offer to go on.
import { api } from './api.js';
import { altText, gifImage } from './grid.js';
import { el, errorBox, loading, show } from './ui.js';

const roundLength = 10;
const flashMilliseconds = 450;

export function renderRandom(view) {
  let alive = true;
  let position = 1;
  let current = null;
  const frame = el('div', { class: 'random-frame' });
  const counter = el('p', { class: 'counter', dataset: { test: 'random-counter' }, 'aria-live': 'polite' });
  const message = el('div', { class: 'message' });
  const like = el('button', { type: 'button', class: 'like', dataset: { test: 'random-like' } }, 'Like');
  const dislike = el('button', { type: 'button', class: 'dislike', dataset: { test: 'random-dislike' } }, 'Dislike');
  const dialog = el('dialog', { class: 'round-over', 'aria-labelledby': 'round-over-title' },
    el('h2', { id: 'round-over-title' }, `That was ${roundLength} GIFs`),
    el('p', {}, 'Keep going with another round?'),
    el('div', { class: 'actions' },
      el('button', { type: 'button', onclick: () => { dialog.close(); position = 1; next(); } }, 'Continue'),
      el('button', { type: 'button', onclick: () => { dialog.close(); location.hash = '#/favorites'; } }, 'See favorites')));
  show(view, el('h2', {}, 'Random'), counter, frame, el('div', { class: 'actions choice' }, dislike, like), message, dialog);

  function setButtons(enabled) { like.disabled = dislike.disabled = !enabled; }

  async function next() {
    setButtons(false);
    counter.textContent = `GIF ${position} of ${roundLength}`;
    show(frame, loading());
    try {
      current = await api.random();
      if (!alive) return;
      const holder = el('figure', { class: 'random-gif', dataset: { id: current.id } },
        el('span', { class: 'placeholder', 'aria-hidden': 'true' }));
      const image = gifImage(current, ['fixed_width', 'downsized', 'original', 'fixed_width_still'], holder);
      if (image) holder.append(image);
      holder.append(el('figcaption', {}, current.title || altText(current)));
      show(frame, holder);
      setButtons(true);
    } catch (error) {
      if (alive) show(frame, errorBox(error, next));
    }
  }

  async function choose(liked) {
    if (!current) return;
    setButtons(false);
    show(message);
    frame.classList.remove('flash-like', 'flash-dislike');
    void frame.offsetWidth; // Restart the animation when the same choice repeats.
    frame.classList.add(liked ? 'flash-like' : 'flash-dislike');
    if (liked) {
      try {
        await api.addFavorite(current.id);
      } catch (error) {
        show(message, errorBox(error)); // A full list (409) says so; the round goes on.
      }
    }
    await new Promise((resolve) => setTimeout(resolve, flashMilliseconds));
    if (!alive) return;
    frame.classList.remove('flash-like', 'flash-dislike');
    if (position >= roundLength) {
      dialog.showModal();
      return;
    }
    position += 1;
    next();
  }

  like.addEventListener('click', () => choose(true));
  dislike.addEventListener('click', () => choose(false));
  next();
  return () => { alive = false; if (dialog.open) dialog.close(); };
}

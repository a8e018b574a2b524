// Random (seeds 000, 001): one GIF (or photo) at a time, like or dislike, "GIF n of 10", a green
// or red flash on the choice; a like adds it to the favorites; after 10, offer to go on.
import { api } from './api.js';
import { altText, attributionLine, itemImage, placeholderColor } from './grid.js';
import { about, address, providerFrom, providerSwitch } from './providers.js';
import { el, errorBox, loading, show } from './ui.js';

const roundLength = 10;
const flashMilliseconds = 450;

export function renderRandom(view, params) {
  const provider = providerFrom(params);
  const { noun, nouns } = about(provider);
  let alive = true;
  let position = 1;
  let current = null;
  const frame = el('div', { class: 'random-frame' });
  const counter = el('p', { class: 'counter', dataset: { test: 'random-counter' }, 'aria-live': 'polite' });
  const message = el('div', { class: 'message' });
  const like = el('button', { type: 'button', class: 'like', dataset: { test: 'random-like' } }, 'Like');
  const dislike = el('button', { type: 'button', class: 'dislike', dataset: { test: 'random-dislike' } }, 'Dislike');
  const dialog = el('dialog', { class: 'round-over', 'aria-labelledby': 'round-over-title' },
    el('h2', { id: 'round-over-title' }, `That was ${roundLength} ${nouns}`),
    el('p', {}, 'Keep going with another round?'),
    el('div', { class: 'actions' },
      el('button', { type: 'button', onclick: () => { dialog.close(); position = 1; next(); } }, 'Continue'),
      el('button', { type: 'button', onclick: () => { dialog.close(); location.hash = '#/favorites'; } }, 'See favorites')));
  const providers = providerSwitch(provider, (name) => { location.hash = address('random', name); });
  show(view, el('div', { class: 'controls' }, providers), el('h2', {}, 'Random'), counter, frame, el('div', { class: 'actions choice' }, dislike, like), message, dialog);

  function setButtons(enabled) { like.disabled = dislike.disabled = !enabled; }

  async function next() {
    setButtons(false);
    counter.textContent = `${noun} ${position} of ${roundLength}`;
    show(frame, loading());
    try {
      current = await api.random(provider);
      if (!alive) return;
      const holder = el('figure', { class: 'random-gif', dataset: { id: current.id, test: 'random-item' } },
        el('span', { class: 'placeholder', 'aria-hidden': 'true' }));
      if (placeholderColor(current)) holder.style.backgroundColor = placeholderColor(current);
      const image = itemImage(current, ['fixed_width', 'regular', 'downsized', 'original', 'fixed_width_still'], holder);
      if (image) holder.append(image);
      holder.append(el('figcaption', {}, current.title || altText(current)));
      show(frame, holder, attributionLine(current));
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

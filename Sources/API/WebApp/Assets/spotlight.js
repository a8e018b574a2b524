// Spotlight (seed 002): the current pick, 3-5 facts about it, and a countdown to `changes_at`.
// The server stores the pick and its time, so a reload shows the same GIF and the same countdown.
import { api } from './api.js';
import { gifImage, rendition } from './grid.js';
import { el, errorBox, loading, show } from './ui.js';

const retrySeconds = 30;

function facts(gif) {
  const list = [];
  const user = gif.user || {};
  const author = user.display_name || user.username || gif.username;
  if (author) list.push(['Author', author]);
  if (gif.created_at) list.push(['Uploaded', new Date(gif.created_at).toLocaleDateString()]);
  if (gif.rating) list.push(['Rating', gif.rating.toUpperCase()]);
  const original = rendition(gif, 'original');
  if (original) list.push(['Size', `${original.width} × ${original.height}`]);
  if (original && original.frames) list.push(['Frames', original.frames]);
  if (list.length < 3 && gif.title) list.unshift(['Title', gif.title]);
  return list.slice(0, 5);
}

function clock(seconds) {
  const minutes = Math.floor(seconds / 60);
  const rest = String(seconds % 60).padStart(2, '0');
  return minutes >= 60 ? `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, '0')}:${rest}` : `${minutes}:${rest}`;
}

export function renderSpotlight(view) {
  let alive = true;
  let timer;
  async function load() {
    clearInterval(timer);
    show(view, el('h2', {}, 'Spotlight'), loading());
    try {
      const spotlight = await api.spotlight();
      if (!alive) return;
      const gif = spotlight.gif;
      const holder = el('figure', { class: 'spotlight-gif', dataset: { id: gif.id } },
        el('span', { class: 'placeholder', 'aria-hidden': 'true' }));
      const image = gifImage(gif, ['fixed_width', 'downsized', 'original', 'fixed_width_still'], holder);
      if (image) holder.append(image);
      holder.append(el('figcaption', {}, gif.title || 'Untitled GIF'));
      const list = el('dl', { class: 'facts' });
      for (const [label, value] of facts(gif)) list.append(el('dt', {}, label), el('dd', {}, value));
      const countdown = el('p', { class: 'countdown', dataset: { test: 'spotlight-countdown' }, role: 'timer' });
      // The server's seconds_left, not changes_at against our clock: a skewed clock cannot matter.
      const deadline = Date.now() + spotlight.seconds_left * 1000;
      const tick = () => {
        const left = Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
        countdown.textContent = left > 0 ? `Next pick in ${clock(left)}` : 'A new pick is due; checking…';
        countdown.dataset.seconds = String(left);
        if (left === 0) {
          clearInterval(timer);
          timer = setTimeout(load, spotlight.stale ? retrySeconds * 1000 : 1000);
        }
      };
      tick();
      if (spotlight.seconds_left > 0) timer = setInterval(tick, 1000);
      show(view, el('h2', {}, 'Spotlight'), holder, list, countdown);
    } catch (error) {
      if (alive) show(view, el('h2', {}, 'Spotlight'), errorBox(error, load));
    }
  }
  load();
  return () => { alive = false; clearInterval(timer); clearTimeout(timer); };
}

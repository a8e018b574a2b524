// Spotlight (seed 002): one GIF or photo replaced every few minutes, 3-5 facts about it, a
// favorite button and a countdown to the next pick. The server stores the pick and its time, so a
// reload shows the same picture and the same countdown. Offline: the last answer is kept in this
// browser, so when gif-bff cannot be reached the page shows that picture and says it is offline;
// when the provider is down, gif-bff's stale answer (the old pick) is shown as not fresh.
import { api } from './api.js';
import { cameraName, placeName } from './facts.js';
import { attributionLine, itemImage, placeholderColor, rendition } from './grid.js';
import { about, address, isPhotos, providerFrom, providerOf, providerSwitch } from './providers.js';
import { el, errorBox, loading, show } from './ui.js';

const retrySeconds = 30;
const memoryKey = (provider) => `gif-bff.spotlight.${provider}`;

function facts(item) {
  const list = [];
  const user = item.user || {};
  const author = user.display_name || user.username || item.username;
  if (author) list.push(['Author', author]);
  if (item.created_at) list.push([isPhotos(providerOf(item)) ? 'Taken' : 'Uploaded', new Date(item.created_at).toLocaleDateString()]);
  if (item.likes) list.push(['Likes', item.likes.toLocaleString()]);
  if (placeName(item.location)) list.push(['Location', placeName(item.location)]);
  if (cameraName(item.camera)) list.push(['Camera', cameraName(item.camera)]);
  if (item.rating) list.push(['Rating', item.rating.toUpperCase()]);
  const original = rendition(item, 'original');
  if (original) list.push(['Size', `${original.width} × ${original.height}`]);
  else if (item.width && item.height) list.push(['Size', `${item.width} × ${item.height}`]);
  if (original && original.frames) list.push(['Frames', original.frames]);
  if (list.length < 3 && item.title) list.unshift(['Title', item.title]);
  return list.slice(0, 5);
}

function clock(seconds) {
  const minutes = Math.floor(seconds / 60);
  const rest = String(seconds % 60).padStart(2, '0');
  return minutes >= 60 ? `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, '0')}:${rest}` : `${minutes}:${rest}`;
}

function remember(provider, spotlight) {
  try {
    localStorage.setItem(memoryKey(provider), JSON.stringify(spotlight));
  } catch {
    // A full or disabled storage only costs the offline copy.
  }
}

function remembered(provider) {
  try {
    const spotlight = JSON.parse(localStorage.getItem(memoryKey(provider)) || 'null');
    return spotlight && spotlight.gif && spotlight.gif.id ? spotlight : null;
  } catch {
    return null;
  }
}

function favoriteButton(item) {
  let favorite = item.is_favorite === true;
  const button = el('button', { type: 'button', class: 'star', dataset: { test: 'spotlight-favorite' } });
  const message = el('span', { class: 'message', role: 'status' });
  const paint = () => {
    button.textContent = favorite ? '★ Favorite' : '☆ Add to favorites';
    button.setAttribute('aria-pressed', String(favorite));
  };
  paint();
  button.addEventListener('click', async () => {
    button.disabled = true;
    show(message);
    try {
      if (favorite) await api.removeFavorite(item.id);
      else await api.addFavorite(item.id);
      favorite = !favorite;
      paint();
    } catch (error) {
      show(message, errorBox(error));
    } finally {
      button.disabled = false;
    }
  });
  return [button, message];
}

export function renderSpotlight(view, params) {
  const provider = providerFrom(params);
  const { noun } = about(provider);
  let alive = true;
  let timer;
  const controls = el('div', { class: 'controls' },
    providerSwitch(provider, (name) => { location.hash = address('spotlight', name); }));
  const heading = el('h2', {}, 'Spotlight');

  function draw(spotlight, { offline }) {
    const item = spotlight.gif;
    const holder = el('figure', { class: 'spotlight-gif', dataset: { id: item.id, test: 'spotlight-item' } },
      el('span', { class: 'placeholder', 'aria-hidden': 'true' }));
    if (placeholderColor(item)) holder.style.backgroundColor = placeholderColor(item);
    const image = itemImage(item, ['fixed_width', 'regular', 'downsized', 'small', 'original', 'fixed_width_still'], holder);
    if (image) { image.loading = 'eager'; holder.append(image); }
    holder.append(el('figcaption', {}, item.title || `Untitled ${noun}`));
    const list = el('dl', { class: 'facts' });
    for (const [label, value] of facts(item)) list.append(el('dt', {}, label), el('dd', {}, value));
    const countdown = el('p', { class: 'countdown', dataset: { test: 'spotlight-countdown' }, role: 'timer' });
    const notes = [];
    if (offline) {
      notes.push(el('p', { class: 'note', dataset: { test: 'offline-note' } },
        'Offline: gif-bff cannot be reached. This is the last picture loaded; a new one needs a connection.'));
      notes.push(el('button', { type: 'button', onclick: load }, 'Try again'));
      countdown.textContent = `Checking again in ${retrySeconds} s`;
      countdown.dataset.seconds = '0';
      timer = setTimeout(load, retrySeconds * 1000);
    } else {
      if (spotlight.stale) {
        notes.push(el('p', { class: 'note', dataset: { test: 'stale-note' } },
          `Not fresh: ${about(providerOf(spotlight.gif)).label} cannot be reached, so this is the last pick gif-bff has. Trying again in ${retrySeconds} s.`));
      }
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
    }
    const [favorite, message] = favoriteButton(item);
    show(view, controls, heading, holder, notes, list, attributionLine(item), countdown,
      el('div', { class: 'actions' }, favorite, el('a', { class: 'button', href: `#/item/${encodeURIComponent(item.id)}` }, 'Details')),
      message);
  }

  async function load() {
    clearInterval(timer);
    clearTimeout(timer);
    show(view, controls, heading, loading());
    try {
      const spotlight = await api.spotlight(provider);
      if (!alive) return;
      remember(provider, spotlight);
      draw(spotlight, { offline: false });
    } catch (error) {
      if (!alive) return;
      const last = error.unreachable ? remembered(provider) : null;
      if (last) draw(last, { offline: true });
      else show(view, controls, heading, errorBox(error, load));
    }
  }
  const online = () => load();
  window.addEventListener('online', online);
  load();
  return () => { alive = false; clearInterval(timer); clearTimeout(timer); window.removeEventListener('online', online); };
}

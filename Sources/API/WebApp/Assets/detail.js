// Detail (seeds 003, 004): the image within 160×160 keeping its ratio, title, rating, author,
// share (the Web Share API, else copy `share_text`), a favorite star and save.
import { api } from './api.js';
import { gifImage, rendition } from './grid.js';
import { el, errorBox, loading, show } from './ui.js';

const detailRenditions = ['fixed_width', 'downsized', 'original', 'fixed_width_still'];

export function renderDetail(view, id) {
  let alive = true;
  async function load() {
    show(view, loading());
    try {
      const gif = await api.gif(id);
      if (alive) show(view, detailCard(gif));
    } catch (error) {
      if (alive) show(view, errorBox(error, load));
    }
  }
  load();
  return () => { alive = false; };
}

function author(gif) {
  const user = gif.user || {};
  const name = user.display_name || user.username || gif.username;
  if (!name) return null;
  return user.profile_url ? el('a', { href: user.profile_url, rel: 'noopener', target: '_blank' }, name) : name;
}

function detailCard(gif) {
  const frame = el('div', { class: 'detail-image' });
  frame.append(el('span', { class: 'placeholder', 'aria-hidden': 'true' }, gif.title || 'GIF'));
  const image = gifImage(gif, detailRenditions, frame);
  if (image) { image.loading = 'eager'; frame.append(image); }

  const message = el('p', { class: 'message', role: 'status' });
  const facts = el('dl', { class: 'facts' });
  const addFact = (label, value) => { if (value) facts.append(el('dt', {}, label), el('dd', {}, value)); };
  addFact('Rating', gif.rating && gif.rating.toUpperCase());
  addFact('Author', author(gif));

  const star = el('button', { type: 'button', class: 'star', dataset: { test: 'favorite-toggle' } });
  let favorite = gif.is_favorite === true;
  const paintStar = () => {
    star.textContent = favorite ? '★ Favorite' : '☆ Add to favorites';
    star.setAttribute('aria-pressed', String(favorite));
  };
  paintStar();
  star.addEventListener('click', async () => {
    star.disabled = true;
    show(message);
    try {
      if (favorite) await api.removeFavorite(gif.id);
      else await api.addFavorite(gif.id);
      favorite = !favorite;
      paintStar();
    } catch (error) {
      show(message, errorBox(error));
    } finally {
      star.disabled = false;
    }
  });

  const share = el('button', { type: 'button', dataset: { test: 'share' } }, 'Share');
  share.addEventListener('click', async () => {
    show(message);
    try {
      if (navigator.share) {
        await navigator.share({ title: gif.title || 'GIF', text: gif.share_text, url: gif.share_url || gif.url });
      } else {
        await navigator.clipboard.writeText(gif.share_text);
        show(message, 'Copied to the clipboard.');
      }
    } catch (error) {
      if (error && error.name === 'AbortError') return; // The user closed the share sheet.
      // No clipboard access: offer the text to copy by hand.
      show(message, el('input', { readonly: true, value: gif.share_text, 'aria-label': 'Text to share', size: 40 }));
    }
  });

  const original = rendition(gif, 'original', 'downsized', 'fixed_width');
  const save = original
    ? el('a', { class: 'button', href: original.url, download: `${gif.id}.gif`, target: '_blank', rel: 'noopener' }, 'Save')
    : null;

  return el('article', { class: 'detail', dataset: { test: 'detail', id: gif.id } },
    el('button', { type: 'button', class: 'back', onclick: () => { if (history.length > 1) history.back(); else location.hash = '#/search'; } }, '← Back'),
    frame,
    el('h2', {}, gif.title || 'Untitled GIF'),
    facts,
    el('div', { class: 'actions' }, star, share, save),
    message);
}

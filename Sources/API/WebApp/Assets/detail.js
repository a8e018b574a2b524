// Detail (seeds 003, 004): a GIF within 160×160 keeping its ratio, or a photo's `regular`
// rendition across the column on its own colour; title and alt text; the author (linked to the
// provider's page for them), rating, likes, location and camera where the item has them, the
// date; the provider's attribution; a favorite star, share (the Web Share API, else copy
// `share_text`), Download (POST /items/{id}/download, then the browser saves that file) and
// Report (POST /items/{id}/reports with a reason).
import { api } from './api.js';
import { cameraSettings, placeName } from './facts.js';
import { attributionLine, itemImage, placeholderColor } from './grid.js';
import { about, isPhotos, providerOf } from './providers.js';
import { el, errorBox, loading, show } from './ui.js';

const detailRenditions = ['fixed_width', 'regular', 'downsized', 'small', 'original', 'fixed_width_still'];

export function renderDetail(view, id) {
  let alive = true;
  async function load() {
    show(view, loading());
    try {
      const item = await api.item(id);
      if (alive) show(view, detailCard(item));
    } catch (error) {
      if (alive) show(view, errorBox(error, load));
    }
  }
  load();
  return () => { alive = false; };
}

function author(item) {
  const user = item.user || {};
  const name = user.display_name || user.username || item.username;
  if (!name) return null;
  // The attribution's link carries the app's referral parameters, as Unsplash's terms ask.
  const href = (item.attribution && item.attribution.author_url) || user.profile_url;
  return href ? el('a', { href, rel: 'noopener', target: '_blank', dataset: { test: 'detail-author' } }, name)
    : el('span', { dataset: { test: 'detail-author' } }, name);
}

function day(text) {
  const date = text ? new Date(text) : null;
  return date && !Number.isNaN(date.getTime()) ? date.toLocaleDateString(undefined, { dateStyle: 'long' }) : null;
}

/** The name a saved file gets: the item's id (no ':'), and the URL's own extension or the provider's. */
function fileName(item, url) {
  const extension = (new URL(url, location.href).pathname.match(/\.(gif|jpe?g|png|webp|mp4)$/i) || [])[1]
    || about(providerOf(item)).extension;
  return `${item.id.replace(/[^A-Za-z0-9_-]+/g, '-')}.${extension}`;
}

/** Has the browser save the file at `url`; a file on another origin opens in a new tab instead. */
function saveFile(url, name) {
  const sameOrigin = new URL(url, location.href).origin === location.origin;
  const link = el('a', { href: url, download: name, rel: 'noopener', target: sameOrigin ? null : '_blank', hidden: true });
  document.body.append(link);
  link.click();
  link.remove();
}

function detailCard(item) {
  const provider = providerOf(item);
  const { noun } = about(provider);
  const isPhoto = isPhotos(provider);
  const frame = el('div', { class: isPhoto ? 'detail-image detail-photo' : 'detail-image' });
  const color = placeholderColor(item);
  if (color) frame.style.backgroundColor = color;
  if (isPhoto && item.width && item.height) frame.style.aspectRatio = `${item.width} / ${item.height}`;
  frame.append(el('span', { class: 'placeholder', 'aria-hidden': 'true' }, color ? '' : item.title || noun));
  const image = itemImage(item, detailRenditions, frame);
  if (image) { image.loading = 'eager'; frame.append(image); }

  const message = el('p', { class: 'message', role: 'status' });
  const facts = el('dl', { class: 'facts' });
  const addFact = (label, value, hook) => {
    if (value === null || value === undefined || value === '') return;
    facts.append(el('dt', {}, label), el('dd', { dataset: hook ? { test: hook } : {} }, value));
  };
  addFact('Author', author(item));
  addFact('Rating', item.rating && item.rating.toUpperCase());
  addFact('Likes', item.likes ? item.likes.toLocaleString() : null, 'detail-likes');
  addFact('Location', placeName(item.location), 'detail-location');
  addFact('Camera', cameraSettings(item.camera), 'detail-camera');
  addFact(isPhoto ? 'Taken' : 'Uploaded', day(item.created_at), 'detail-date');
  if (isPhoto && item.width && item.height) addFact('Size', `${item.width} × ${item.height}`);

  const star = el('button', { type: 'button', class: 'star', dataset: { test: 'favorite-toggle' } });
  let favorite = item.is_favorite === true;
  const paintStar = () => {
    star.textContent = favorite ? '★ Favorite' : '☆ Add to favorites';
    star.setAttribute('aria-pressed', String(favorite));
  };
  paintStar();
  star.addEventListener('click', async () => {
    star.disabled = true;
    show(message);
    try {
      if (favorite) await api.removeFavorite(item.id);
      else await api.addFavorite(item.id);
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
        await navigator.share({ title: item.title || noun, text: item.share_text, url: item.share_url || item.url });
      } else {
        await navigator.clipboard.writeText(item.share_text);
        show(message, 'Copied to the clipboard.');
      }
    } catch (error) {
      if (error && error.name === 'AbortError') return; // The user closed the share sheet.
      // No clipboard access: offer the text to copy by hand.
      show(message, el('input', { readonly: true, value: item.share_text, 'aria-label': 'Text to share', size: 40 }));
    }
  });

  // The server tells the provider of the download (Unsplash's terms ask for it) and answers
  // the full-size file; only then does the browser fetch it.
  const download = el('button', { type: 'button', dataset: { test: 'download' } }, 'Download');
  download.addEventListener('click', async () => {
    download.disabled = true;
    show(message);
    try {
      const file = await api.download(item.id);
      saveFile(file.url, fileName(item, file.url));
      show(message, el('span', { dataset: { test: 'download-done' } }, `Saving ${file.width} × ${file.height}.`));
    } catch (error) {
      show(message, errorBox(error));
    } finally {
      download.disabled = false;
    }
  });

  // Report (POST /items/{id}/reports): a reason from the server's closed list; one report per
  // install and item, a repeat changes nothing (docs/moderation.md).
  const reason = el('select', { 'aria-label': 'Why report it', dataset: { test: 'report-reason' } },
    el('option', { value: 'offensive' }, 'Offensive'), el('option', { value: 'wrong' }, 'Wrong or broken'),
    el('option', { value: 'spam' }, 'Spam'), el('option', { value: 'other' }, 'Something else'));
  const report = el('button', { type: 'button', dataset: { test: 'report' } }, 'Report');
  report.addEventListener('click', async () => {
    report.disabled = true;
    show(message);
    try {
      const answer = await api.report(item.id, reason.value);
      show(message, el('span', { dataset: { test: 'report-done' } },
        answer.status === 'already_received' ? 'You reported this already.' : 'Reported. Thank you.'));
    } catch (error) {
      show(message, errorBox(error));
    } finally {
      report.disabled = false;
    }
  });

  return el('article', { class: 'detail', dataset: { test: 'detail', id: item.id, provider } },
    el('button', { type: 'button', class: 'back', onclick: () => { if (history.length > 1) history.back(); else location.hash = '#/search'; } }, '← Back'),
    frame,
    el('h2', { dataset: { test: 'detail-title' } }, item.title || `Untitled ${noun}`),
    // The image's alt text in words too, unless it only repeats the title.
    item.alt_text && item.alt_text !== item.title ? el('p', { class: 'alt-text', dataset: { test: 'detail-alt' } }, item.alt_text) : null,
    facts,
    attributionLine(item),
    el('div', { class: 'actions' }, star, share, download, reason, report),
    message);
}

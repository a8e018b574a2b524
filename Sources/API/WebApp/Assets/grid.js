// Item images and the grid the search and favorites views share. Images come from the provider's
// CDN (or gif-bff's demo media); a cell shows a placeholder until its image has loaded: the
// photo's own colour, else the title.
import { about, isPhotos, providerOf } from './providers.js';
import { el } from './ui.js';

/** The first rendition of these names that has a URL (list answers may be compact). */
export function rendition(item, ...names) {
  for (const name of names) {
    const candidate = item.images && item.images[name];
    if (candidate && candidate.url) return candidate;
  }
  return null;
}

export function altText(item) {
  return item.alt_text || item.title || `A ${about(providerOf(item)).noun.toLowerCase()} without a title`;
}

/** A colour the page may use as a placeholder: "#rgb" or "#rrggbb" only, never other CSS. */
export function placeholderColor(item) {
  return /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.test(item.color || '') ? item.color : null;
}

/** An <img> of the first usable rendition, or null; `loaded` goes on its holder once it shows. */
export function itemImage(item, names, holder) {
  const chosen = rendition(item, ...names);
  if (!chosen) return null;
  const image = el('img', {
    src: chosen.url, alt: altText(item), width: chosen.width, height: chosen.height,
    loading: 'lazy', decoding: 'async', referrerpolicy: 'no-referrer',
  });
  image.addEventListener('load', () => holder.classList.add('loaded'));
  return image;
}

// GIF and photo renditions have different names, so one list serves both: a GIF takes its
// fixed_width (200 px wide), a photo its `small` (400 px wide).
export const gridRenditions = ['fixed_width', 'small', 'fixed_width_still', 'still', 'thumb', 'fixed_height', 'downsized', 'regular', 'original'];

/**
 * The provider's attribution line ("Powered by GIPHY", "Photo by NAME on Unsplash"), with the
 * author's name linked to `author_url` and the provider's name to `provider_url` when given.
 */
export function attributionLine(item, hook = 'attribution') {
  const attribution = item.attribution;
  if (!attribution || !attribution.text) return null;
  const line = el('p', { class: 'attribution', dataset: { test: hook } });
  const text = attribution.text;
  const name = (item.user && (item.user.display_name || item.user.username)) || '';
  const label = about(providerOf(item)).label;
  const link = (href, words) => el('a', { href, rel: 'noopener', target: '_blank' }, words);
  // Links go where the text names them; a link whose words are not in the text follows it.
  const pieces = [];
  const authorAt = attribution.author_url && name ? text.indexOf(name) : -1;
  const labelAt = attribution.provider_url ? text.lastIndexOf(label) : -1;
  let cursor = 0;
  const marks = [[authorAt, name, attribution.author_url], [labelAt, label, attribution.provider_url]]
    .filter(([at]) => at >= 0).sort((a, b) => a[0] - b[0]);
  for (const [at, words, href] of marks) {
    if (at < cursor) continue;
    pieces.push(text.slice(cursor, at), link(href, words));
    cursor = at + words.length;
  }
  pieces.push(text.slice(cursor));
  if (attribution.author_url && authorAt < 0) pieces.push(' ', link(attribution.author_url, 'Author'));
  if (attribution.provider_url && labelAt < 0) pieces.push(' ', link(attribution.provider_url, label));
  line.append(...pieces.filter((piece) => piece !== ''));
  return line;
}

/** One cell linking to the item's detail; `extra` (a button, say) sits under the link. */
export function gridCell(item, testHook, { extra, caption } = {}) {
  const provider = providerOf(item);
  const cell = el('li', { class: `cell cell-${provider} cell-${about(provider).kind}`, dataset: { test: testHook, id: item.id, provider } });
  const link = el('a', { href: `#/item/${encodeURIComponent(item.id)}`, class: 'cell-link', title: item.title || null });
  const color = placeholderColor(item);
  if (color) link.style.backgroundColor = color;
  link.append(el('span', { class: 'placeholder', 'aria-hidden': 'true' }, color ? '' : item.title || about(provider).noun));
  const image = itemImage(item, gridRenditions, cell);
  if (image) link.append(image);
  else link.append(el('span', { class: 'sr-only' }, altText(item)));
  cell.append(link);
  if (caption) cell.append(caption);
  if (extra) cell.append(extra);
  return cell;
}

/** A photo's description and author under its cell (seed 004: each tile shows its description). */
export function photoCaption(item) {
  if (!isPhotos(providerOf(item))) return null;
  const author = item.user && (item.user.display_name || item.user.username);
  return el('p', { class: 'cell-caption' }, item.alt_text || item.title || '', author ? el('span', { class: 'byline' }, ` by ${author}`) : null);
}

/** A grid of one kind's items (`gifs`, `photos`: laid out as such), or of both (none named). */
export function grid(label, kind) {
  return el('ul', { class: `grid grid-${kind || 'mixed'}`, 'aria-label': label });
}

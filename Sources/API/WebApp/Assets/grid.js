// GIF images and the square grid the search and favorites views share. Images come from the
// provider's CDN; a cell shows a placeholder (the title) until its image has loaded.
import { el } from './ui.js';

/** The first rendition of these names that has a URL (list answers may be compact). */
export function rendition(gif, ...names) {
  for (const name of names) {
    const candidate = gif.images && gif.images[name];
    if (candidate && candidate.url) return candidate;
  }
  return null;
}

export function altText(gif) {
  return gif.alt_text || gif.title || 'A GIF without a title';
}

/** An <img> of the first usable rendition, or null; `loaded` goes on its holder once it shows. */
export function gifImage(gif, names, holder) {
  const chosen = rendition(gif, ...names);
  if (!chosen) return null;
  const image = el('img', {
    src: chosen.url, alt: altText(gif), width: chosen.width, height: chosen.height,
    loading: 'lazy', decoding: 'async', referrerpolicy: 'no-referrer',
  });
  image.addEventListener('load', () => holder.classList.add('loaded'));
  return image;
}

export const gridRenditions = ['fixed_width', 'fixed_width_still', 'fixed_height', 'downsized', 'original'];

/** One square cell linking to the GIF's detail; `extra` (a button, say) sits under the link. */
export function gridCell(gif, testHook, extra) {
  const cell = el('li', { class: 'cell', dataset: { test: testHook, id: gif.id } });
  const link = el('a', { href: `#/gif/${encodeURIComponent(gif.id)}`, class: 'cell-link', title: gif.title || null });
  link.append(el('span', { class: 'placeholder', 'aria-hidden': 'true' }, gif.title || 'GIF'));
  const image = gifImage(gif, gridRenditions, cell);
  if (image) link.append(image);
  else link.append(el('span', { class: 'sr-only' }, altText(gif)));
  cell.append(link);
  if (extra) cell.append(extra);
  return cell;
}

export function grid(label) {
  return el('ul', { class: 'grid', 'aria-label': label });
}

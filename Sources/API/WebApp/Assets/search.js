// Search (seeds 003, 004): a field, a grid (GIFs in 3 square columns; photos in 2 columns or
// one large, each with its description), more pages on scroll or "Load more" through
// `next_offset`, trending when the field is empty, Unsplash's order (relevant or latest), and
// suggestions from the search history (the 5 latest containing what is typed, case ignored).
// The provider (or the kind, `kind=photos`: its chain), the query and the order live in the address,
// so a reload or a link keeps them. The provider that served the first page is named under the
// grid, and asked for the pages after it.
import { api } from './api.js';
import { grid, gridCell, photoCaption } from './grid.js';
import { about, address, isPhotos, providerFrom, providerSwitch, servedBy } from './providers.js';
import { el, errorBox, loading, show } from './ui.js';

const suggestionLimit = 5;
const layoutKey = 'gif-bff.photo-layout';

export function renderSearch(view, params) {
  const initial = params.get('q') || '';
  const provider = providerFrom(params);
  const { nouns, searchOrders } = about(provider);
  const orderBy = searchOrders.includes(params.get('order_by')) ? params.get('order_by') : searchOrders[0];
  const go = (changes) => {
    const next = { provider, q: initial, order_by: params.get('order_by'), ...changes };
    location.hash = address('search', next.provider, { q: next.q, order_by: next.order_by });
  };

  // A text field in the form's search landmark, not type=search: axe-core (the copy the browser
  // tests run) takes autocomplete=off as wrong on type=search (and role=searchbox as not allowed
  // on a text field), and off keeps the browser's own autofill list from covering the history
  // suggestions. enterkeyhint keeps the keyboard's Search key.
  const input = el('input', {
    type: 'text', enterkeyhint: 'search', id: 'search-input', name: 'q', value: initial, autocomplete: 'off',
    placeholder: `Search ${nouns}`, 'aria-label': `Search ${nouns}`, 'aria-controls': 'suggestions',
    dataset: { test: 'search-input' },
  });
  const suggestions = el('ul', { id: 'suggestions', class: 'suggestions', 'aria-label': 'Recent searches', hidden: true });
  const form = el('form', { class: 'search', role: 'search' }, input, el('button', { type: 'submit' }, 'Search'), suggestions);
  // Switching provider keeps the words but not the order, which belongs to one provider.
  const controls = el('div', { class: 'controls' }, providerSwitch(provider, (name) => go({ provider: name, order_by: '' })));
  if (searchOrders.length && initial) {
    const order = el('select', { 'aria-label': 'Order', dataset: { test: 'order-by' } },
      searchOrders.map((name) => el('option', { value: name, selected: name === orderBy }, name === 'relevant' ? 'Most relevant' : 'Latest')));
    order.addEventListener('change', () => go({ order_by: order.value }));
    controls.append(el('label', { class: 'switch' }, 'Order ', order));
  }
  const results = grid(initial ? `Results for ${initial}` : `Trending ${nouns}`, about(provider).kind);
  if (isPhotos(provider)) {
    // Seed 004: two tiles a row, or one large; the choice is the browser's to keep.
    const large = localStorage.getItem(layoutKey) === 'large';
    const layout = el('button', { type: 'button', class: 'layout', dataset: { test: 'layout' }, 'aria-pressed': String(large) }, 'One large');
    const paint = (isLarge) => { results.classList.toggle('grid-large', isLarge); layout.setAttribute('aria-pressed', String(isLarge)); };
    paint(large);
    layout.addEventListener('click', () => {
      const isLarge = layout.getAttribute('aria-pressed') !== 'true';
      localStorage.setItem(layoutKey, isLarge ? 'large' : 'two');
      paint(isLarge);
    });
    controls.append(layout);
  }
  const heading = el('h2', {}, initial ? `Results for “${initial}”` : `Trending ${nouns}`);
  const served = el('div', { class: 'served' });
  const status = el('div', { class: 'status' });
  const more = el('button', { type: 'button', class: 'load-more', dataset: { test: 'load-more' }, hidden: true }, 'Load more');
  show(view, form, controls, heading, served, results, status, more);

  let nextOffset = 0;
  // The provider that served the first page: the later pages name it (a kind's chain may change hands).
  let firstServedBy;
  let busy = false;
  let alive = true;
  const seen = new Set();

  async function loadPage() {
    if (busy || nextOffset === null) return;
    busy = true;
    more.disabled = true;
    show(status, loading());
    try {
      const page = initial
        ? await api.search(initial, provider, nextOffset, searchOrders.length ? orderBy : undefined, firstServedBy)
        : await api.trending(provider, nextOffset, firstServedBy);
      if (!alive) return;
      if (firstServedBy === undefined) {
        firstServedBy = page.provider || null;
        show(served, servedBy(page));
      }
      for (const item of page.data) {
        if (seen.has(item.id)) continue;
        seen.add(item.id);
        results.append(gridCell(item, 'result-item', { caption: photoCaption(item) }));
      }
      nextOffset = page.pagination.next_offset;
      show(status, seen.size === 0
        ? el('p', { class: 'empty', dataset: { test: 'empty' } }, initial ? `Nothing found for “${initial}”.` : `No ${nouns} to show.`)
        : null);
      more.hidden = nextOffset === null;
    } catch (error) {
      if (alive) show(status, errorBox(error, loadPage));
    } finally {
      busy = false;
      more.disabled = false;
    }
  }

  more.addEventListener('click', loadPage);
  // Infinite scroll: the button itself is the sentinel, so keyboard users still have it.
  const observer = new IntersectionObserver((entries) => {
    if (entries.some((entry) => entry.isIntersecting) && !more.hidden) loadPage();
  }, { rootMargin: '200px' });
  observer.observe(more);

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    go({ q: input.value.trim() });
  });

  let suggestionRequest = 0;
  async function suggest() {
    const text = input.value.trim();
    const ticket = ++suggestionRequest;
    let answer;
    try {
      answer = await api.history(text);
    } catch {
      return; // Suggestions are a convenience; the search itself reports errors.
    }
    if (!alive || ticket !== suggestionRequest) return;
    const lowered = text.toLowerCase();
    const matches = answer.data
      .filter((entry) => entry.query.toLowerCase().includes(lowered) && entry.query !== text)
      .slice(0, suggestionLimit);
    show(suggestions, matches.map((entry) => el('li', {},
      el('button', {
        type: 'button', class: 'suggestion', dataset: { test: 'history-suggestion' },
        onclick: () => { input.value = entry.query; form.requestSubmit(); },
      }, entry.query))));
    suggestions.hidden = matches.length === 0;
    suggestions.dataset.for = text; // What the list answers, so a test can wait for the latest.
  }
  let suggestTimer;
  input.addEventListener('input', () => { clearTimeout(suggestTimer); suggestTimer = setTimeout(suggest, 150); });
  input.addEventListener('focus', suggest);
  input.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') suggestions.hidden = true;
    if (event.key === 'ArrowDown' && !suggestions.hidden) {
      event.preventDefault();
      suggestions.querySelector('button')?.focus();
    }
  });
  suggestions.addEventListener('keydown', (event) => {
    const buttons = [...suggestions.querySelectorAll('button')];
    const index = buttons.indexOf(document.activeElement);
    if (event.key === 'ArrowDown') { event.preventDefault(); buttons[Math.min(index + 1, buttons.length - 1)]?.focus(); }
    if (event.key === 'ArrowUp') { event.preventDefault(); (index <= 0 ? input : buttons[index - 1]).focus(); }
    if (event.key === 'Escape') { suggestions.hidden = true; input.focus(); }
  });
  form.addEventListener('focusout', () => setTimeout(() => {
    if (!form.contains(document.activeElement)) suggestions.hidden = true;
  }, 0));

  loadPage();
  return () => { alive = false; observer.disconnect(); clearTimeout(suggestTimer); };
}

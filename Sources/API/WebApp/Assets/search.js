// Search (seed 003): a field, a 3-column grid, more pages on scroll or "Load more" through
// `next_offset`, trending when the field is empty, and suggestions from the search history
// (seed 004: the 5 latest containing what is typed, letter case ignored).
import { api } from './api.js';
import { grid, gridCell } from './grid.js';
import { el, errorBox, loading, show } from './ui.js';

const suggestionLimit = 5;

export function renderSearch(view, params) {
  const initial = params.get('q') || '';
  const input = el('input', {
    type: 'search', id: 'search-input', name: 'q', value: initial, autocomplete: 'off',
    placeholder: 'Search GIFs', 'aria-label': 'Search GIFs', 'aria-controls': 'suggestions',
    dataset: { test: 'search-input' },
  });
  const suggestions = el('ul', { id: 'suggestions', class: 'suggestions', 'aria-label': 'Recent searches', hidden: true });
  const form = el('form', { class: 'search', role: 'search' }, input, el('button', { type: 'submit' }, 'Search'), suggestions);
  const heading = el('h2', {}, initial ? `Results for “${initial}”` : 'Trending');
  const results = grid(initial ? `Results for ${initial}` : 'Trending GIFs');
  const status = el('div', { class: 'status' });
  const more = el('button', { type: 'button', class: 'load-more', dataset: { test: 'load-more' }, hidden: true }, 'Load more');
  show(view, form, heading, results, status, more);

  let nextOffset = 0;
  let busy = false;
  let alive = true;
  const seen = new Set();

  async function loadPage() {
    if (busy || nextOffset === null) return;
    busy = true;
    more.disabled = true;
    show(status, loading());
    try {
      const page = initial ? await api.search(initial, nextOffset) : await api.trending(nextOffset);
      if (!alive) return;
      for (const gif of page.data) {
        if (seen.has(gif.id)) continue;
        seen.add(gif.id);
        results.append(gridCell(gif, 'result-item'));
      }
      nextOffset = page.pagination.next_offset;
      show(status, seen.size === 0 ? el('p', { class: 'empty' }, `Nothing found for “${initial}”.`) : null);
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
    const text = input.value.trim();
    location.hash = text ? `#/search?q=${encodeURIComponent(text)}` : '#/search';
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

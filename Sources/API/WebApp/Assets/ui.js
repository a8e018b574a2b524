// Small DOM helpers shared by the views: building elements, and the loading and error states.

/** `el('p', {class: 'x', dataset: {test: 'y'}}, 'text', child)`: an element, its attributes, its children. */
export function el(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === undefined || value === null || value === false) continue;
    if (name === 'dataset') Object.assign(node.dataset, value);
    else if (name.startsWith('on')) node.addEventListener(name.slice(2), value);
    else if (value === true) node.setAttribute(name, '');
    else node.setAttribute(name, String(value));
  }
  for (const child of children.flat()) {
    if (child === undefined || child === null || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

export function loading(text = 'Loading…') {
  return el('p', { class: 'loading', role: 'status' }, text);
}

/** The error state: the problem's detail, and a retry when there is something to retry. */
export function errorBox(error, retry) {
  return el('div', { class: 'error', role: 'alert', dataset: { test: 'error' } },
    el('p', {}, error.message || String(error)),
    retry ? el('button', { type: 'button', onclick: retry }, 'Try again') : null);
}

/** Replaces a node's children. */
export function show(container, ...children) {
  container.replaceChildren(...children.flat().filter(Boolean));
}

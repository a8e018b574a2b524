// Linked devices (docs/installs.md): "Link another device" shows a one-time code for this
// browser's install (while it holds a token); "Use a code" takes one from another device, and
// this browser then keeps its own token for that install (the same favorites and history).
import { api, holdsInstall, linkWithCode } from './api.js';
import { el, errorBox, show } from './ui.js';

/** The section under the favorites; `onLinked` runs once this browser uses another's install. */
export function devicesSection(onLinked) {
  const message = el('div', { class: 'message', role: 'status' });
  const makeCode = el('button', { type: 'button', dataset: { test: 'link-make' } }, 'Link another device');
  makeCode.addEventListener('click', async () => {
    makeCode.disabled = true;
    try {
      const issued = await api.linkCode();
      show(message, el('p', {}, 'On the other device, enter ', el('strong', { dataset: { test: 'link-code' } }, issued.code),
        ` within ${Math.round(issued.expires_in / 60)} minutes. It works once.`));
    } catch (error) {
      show(message, errorBox(error));
    } finally {
      makeCode.disabled = false;
    }
  });
  const input = el('input', { type: 'text', autocomplete: 'off', maxlength: '32', placeholder: 'XXXXX-XXXXX',
    'aria-label': 'Code from another device', dataset: { test: 'link-input' } });
  const useCode = el('button', { type: 'submit', dataset: { test: 'link-use' } }, 'Use a code');
  const form = el('form', { class: 'actions' }, input, useCode);
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    useCode.disabled = true;
    try {
      await linkWithCode(input.value);
      input.value = '';
      onLinked();
    } catch (error) {
      show(message, errorBox(error));
    } finally {
      useCode.disabled = false;
    }
  });
  return el('section', { class: 'devices', 'aria-labelledby': 'your-devices', dataset: { test: 'devices-section' } },
    el('h2', { id: 'your-devices' }, 'Your devices'),
    holdsInstall() ? makeCode : null, form, message);
}

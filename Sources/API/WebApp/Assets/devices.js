// Linked devices (docs/installs.md): "Link another device" shows a one-time code for this
// browser's install (while it holds a token); "Use a code" takes one from another device, and
// this browser then keeps its own token for that install (the same favorites and history).
// Under them, the install's devices, each other one with "Revoke" (its token then opens nothing).
import { api, holdsInstall, linkWithCode } from './api.js';
import { el, errorBox, loading, show } from './ui.js';

/** The install's devices (no secrets: an id and when it was linked); every other one can be revoked. */
function deviceList(message) {
  const list = el('ul', { class: 'device-list', 'aria-label': 'Devices using this install', dataset: { test: 'device-list' } });
  async function load() {
    show(list, el('li', {}, loading('Loading your devices…')));
    try {
      const { data } = await api.devices();
      show(list, data.map((device) => deviceRow(device, load, message)));
    } catch (error) {
      show(list, el('li', {}, errorBox(error, load)));
    }
  }
  load();
  return list;
}

function deviceRow(device, reload, message) {
  const since = new Date(device.created_at).toLocaleString();
  const name = device.current ? 'This browser' : device.id === 'first' ? 'The device that made this install' : `Linked device ${device.id}`;
  const row = el('li', { dataset: { test: 'device', id: device.id, current: device.current ? 'true' : 'false' } }, `${name}, since ${since}`);
  if (device.current) return row;
  const revoke = el('button', { type: 'button', class: 'danger', 'aria-label': `Revoke ${name}`, dataset: { test: 'device-revoke' } }, 'Revoke');
  revoke.addEventListener('click', async () => {
    revoke.disabled = true;
    try {
      await api.revokeDevice(device.id);
      show(message, el('p', { role: 'status', dataset: { test: 'device-revoked' } }, `${name} is revoked: it no longer sees your favorites.`));
      reload();
    } catch (error) {
      revoke.disabled = false;
      show(message, errorBox(error));
    }
  });
  row.append(' ', revoke);
  return row;
}

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
    holdsInstall() ? makeCode : null, form, message, holdsInstall() ? deviceList(message) : null);
}

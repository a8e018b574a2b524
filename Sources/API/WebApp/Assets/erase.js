// "Erase my data" (docs/installs.md): shown only while the app holds an install token, since the
// local install (no token) is shared by every client without one and is never deleted. A modal
// dialog asks first (Cancel has the focus, Escape cancels); erasing deletes the install and
// everything kept for it, then the app carries on as a new, empty install.
import { api, eraseInstall } from './api.js';
import { el, errorBox, loading, show } from './ui.js';

/** The section under the favorites; `onErased` runs once the new install is in place. */
export function eraseSection(onErased) {
  const message = el('div', { class: 'message' });
  const open = el('button', { type: 'button', class: 'danger', dataset: { test: 'erase-data' } }, 'Erase my data');
  // "Download my data": the export (docs/installs.md) saved as a file, beside the erase.
  const download = el('button', { type: 'button', dataset: { test: 'download-data' } }, 'Download my data');
  download.addEventListener('click', async () => {
    download.disabled = true;
    try {
      const data = await api.exportData();
      const file = new Blob([JSON.stringify(data, null, 1)], { type: 'application/json' });
      const link = el('a', { href: URL.createObjectURL(file), download: `gif-bff-export-${(data.exported_at || '').slice(0, 10) || 'data'}.json` });
      link.click();
      setTimeout(() => URL.revokeObjectURL(link.href), 10000);
      show(message);
    } catch (error) {
      show(message, errorBox(error));
    } finally {
      download.disabled = false;
    }
  });
  const cancel = el('button', { type: 'button', autofocus: true, dataset: { test: 'erase-cancel' } }, 'Cancel');
  const confirm = el('button', { type: 'button', class: 'danger', dataset: { test: 'erase-confirm' } }, 'Erase');
  const dialog = el('dialog', { 'aria-labelledby': 'erase-title', 'aria-describedby': 'erase-what', dataset: { test: 'erase-dialog' } },
    el('h2', { id: 'erase-title' }, 'Erase your data?'),
    el('p', { id: 'erase-what' }, 'Your favorites and search history on this server are deleted for good, and this browser starts again as a new install. This cannot be undone.'),
    el('div', { class: 'actions' }, cancel, confirm));

  // The dialog hands the focus back to the button that opened it, however it closed.
  dialog.addEventListener('close', () => { if (open.isConnected && !open.disabled) open.focus(); });
  open.addEventListener('click', () => { show(message); dialog.showModal(); });
  cancel.addEventListener('click', () => dialog.close());
  confirm.addEventListener('click', async () => {
    open.disabled = true;
    dialog.close();
    show(message, loading('Erasing your data…'));
    try {
      await eraseInstall();
      onErased();
    } catch (error) {
      open.disabled = false;
      show(message, errorBox(error));
      open.focus();
    }
  });

  return el('section', { class: 'erase', 'aria-labelledby': 'your-data', dataset: { test: 'erase-section' } },
    el('h2', { id: 'your-data' }, 'Your data'),
    el('p', {}, 'This browser is an install of its own: the favorites and search history kept for it are seen by nobody else.'),
    el('div', { class: 'actions' }, download, open), message, dialog);
}

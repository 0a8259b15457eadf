// Loaded as an external module because the page's CSP forbids inline scripts.
import { mountChatWidget } from '/widget.mjs';

const primary = document.getElementById('primary-color');
const secondary = document.getElementById('secondary-color');
const state = document.getElementById('open-state');

const widget = mountChatWidget(document.body, {
  appearance: { primary_color: primary.value, secondary_color: secondary.value, chat_title: 'Ask Acme' },
  onOpenChange: (open) => {
    state.textContent = open ? 'open' : 'closed';
  },
});

primary.addEventListener('input', () => widget.update({ primary_color: primary.value }));
secondary.addEventListener('input', () => widget.update({ secondary_color: secondary.value }));
document.getElementById('open-chat').addEventListener('click', () => widget.open());
document.getElementById('close-chat').addEventListener('click', () => widget.close());

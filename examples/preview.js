// The designer preview: mounts /widget.mjs in preview mode and drives it from the form. Loaded as
// an external module because the page's CSP forbids inline scripts.
import { mountChatWidget } from '/widget.mjs';

const COLORS = [
  ['primary_color', 'Primary'],
  ['secondary_color', 'Secondary (hover)'],
  ['background_color', 'Background'],
  ['user_message_color', 'User bubble'],
  ['assistant_message_color', 'Assistant bubble'],
  ['system_message_color', 'System bubble'],
  ['user_message_text_color', 'User text'],
  ['assistant_message_text_color', 'Assistant text'],
];
const AD_COLORS = [
  ['ad_background', 'Ad background'],
  ['ad_text_color', 'Ad text'],
  ['ad_btn_color', 'Ad button'],
];

/** A sample brand, not the defaults: every field of the appearance is set here. */
const appearance = {
  primary_color: '#6d28d9',
  secondary_color: '#5b21b6',
  background_color: '#ffffff',
  user_message_color: '#6d28d9',
  assistant_message_color: '#f3f0fa',
  system_message_color: '#696969',
  user_message_text_color: '#ffffff',
  assistant_message_text_color: '#1f1235',
  avatar_image: null,
  chat_title: 'Ask Acme',
  ad_message: 'Questions about your order? Ask our assistant!',
  ad_background: '#ffffff',
  ad_text_color: '#344054',
  ad_btn_color: '#6d28d9',
  is_ad_message: false,
};
const WELCOME = 'Hi there! How can I assist you today? 👋';
const SAMPLE_MESSAGES = [
  { id: 's1', role: 'user', text: 'Can I change my delivery address?' },
  {
    id: 's2',
    role: 'assistant',
    text: 'Yes, until the order ships. Tell me the **order number** and the new address.',
  },
  { id: 's3', role: 'system', text: 'Order #1042 found' },
];
const HEX = /^#(?:[0-9a-f]{3}){1,2}$/i;

const $ = (id) => document.getElementById(id);
const frame = $('frame');
const json = $('json');

const widget = mountChatWidget(frame, {
  appearance,
  welcomeMessage: WELCOME,
  preview: true,
  messages: SAMPLE_MESSAGES,
  onOpenChange: (open) => {
    $('open-state').textContent = open ? 'open' : 'closed';
  },
});

function set(patch) {
  Object.assign(appearance, patch);
  widget.update(patch);
  json.textContent = JSON.stringify(appearance, null, 2);
}

/** A labelled colour picker and hex field, kept in step; only hex values reach the widget. */
function colorControl(key, label) {
  const row = document.createElement('div');
  row.className = 'color';
  const picker = Object.assign(document.createElement('input'), { type: 'color', id: key, value: appearance[key] });
  const hex = Object.assign(document.createElement('input'), {
    type: 'text',
    value: appearance[key],
    spellcheck: false,
    maxLength: 7,
  });
  const name = Object.assign(document.createElement('label'), { htmlFor: key, textContent: label });
  picker.setAttribute('aria-label', `${label} colour`);
  hex.setAttribute('aria-label', `${label} hex`);
  picker.addEventListener('input', () => {
    hex.value = picker.value;
    hex.removeAttribute('aria-invalid');
    set({ [key]: picker.value });
  });
  hex.addEventListener('input', () => {
    const value = hex.value.trim();
    const valid = HEX.test(value);
    hex.toggleAttribute('aria-invalid', !valid);
    if (!valid) return;
    // <input type="color"> only takes #rrggbb.
    picker.value = value.length === 4 ? `#${[...value.slice(1)].map((d) => d + d).join('')}` : value;
    set({ [key]: value });
  });
  row.append(picker, name, hex);
  return row;
}

for (const [key, label] of COLORS) $('colors').append(colorControl(key, label));
for (const [key, label] of AD_COLORS) $('ad-colors').append(colorControl(key, label));

$('chat_title').value = appearance.chat_title;
$('chat_title').addEventListener('input', (event) => set({ chat_title: event.target.value }));
$('welcome').value = WELCOME;
$('welcome').addEventListener('input', (event) => widget.setWelcomeMessage(event.target.value));
$('is_ad_message').addEventListener('change', (event) => {
  set({ is_ad_message: event.target.checked });
  // The ad shows beside the closed launcher.
  if (event.target.checked) widget.close();
});
$('ad_message').value = appearance.ad_message;
$('ad_message').addEventListener('input', (event) => set({ ad_message: event.target.value }));
$('open-chat').addEventListener('click', () => widget.open());
$('close-chat').addEventListener('click', () => widget.close());
for (const radio of document.querySelectorAll('input[name="frame"]')) {
  radio.addEventListener('change', () => {
    frame.classList.toggle('phone', radio.value === 'phone' && radio.checked);
    frame.classList.toggle('desktop', radio.value === 'desktop' && radio.checked);
  });
}

const avatarState = $('avatar-state');
$('avatar-url').addEventListener('change', (event) => {
  const url = event.target.value.trim();
  if (url && !url.startsWith('https://')) {
    avatarState.textContent = 'Only https:// addresses are shown by the widget.';
    return;
  }
  avatarState.textContent = url ? 'Avatar set from the address.' : '';
  set({ avatar_image: url || null });
});
$('avatar-file').addEventListener('change', async (event) => {
  const file = event.target.files?.[0];
  if (!file) return;
  try {
    set({ avatar_image: await shrinkToJpeg(file) });
    avatarState.textContent = `Avatar set from ${file.name}.`;
  } catch {
    avatarState.textContent = `${file.name} could not be read as an image.`;
  }
});
$('avatar-remove').addEventListener('click', () => {
  $('avatar-url').value = '';
  $('avatar-file').value = '';
  avatarState.textContent = 'Avatar removed.';
  set({ avatar_image: null });
});

/** As the console does (spec part 2 §5): at most 256 px on the longest side, JPEG at quality 0.7. */
async function shrinkToJpeg(file) {
  const bitmap = await createImageBitmap(file);
  const scale = Math.min(1, 256 / Math.max(bitmap.width, bitmap.height));
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(bitmap.width * scale);
  canvas.height = Math.round(bitmap.height * scale);
  canvas.getContext('2d').drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  return canvas.toDataURL('image/jpeg', 0.7);
}

json.textContent = JSON.stringify(appearance, null, 2);

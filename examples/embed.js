// Shared by the example customer pages (an external file: the strict-CSP page forbids inline
// scripts). Each page ends with the integration script as the console's Integration Script panel
// gives it, with an empty data-webchat-id; this file runs just before it (both are deferred) and
// fills in ?webchatId=ID. Without one, the integration script mounts nothing, and this file says
// how to get an id and mounts the widget from /widget.mjs with a sample look, not connected.
const SAMPLE_LOOKS = {
  light: {
    title: 'Ask Acme',
    welcomeMessage: 'Hi! I can help you pick a bike or book a service.',
    appearance: { primary_color: '#0f766e', secondary_color: '#115e59', user_message_color: '#0f766e' },
  },
  dark: {
    title: 'Nightfall Records',
    welcomeMessage: 'Looking for a record? Ask me anything.',
    appearance: {
      primary_color: '#f59e0b',
      secondary_color: '#d97706',
      background_color: '#111827',
      user_message_color: '#f59e0b',
      user_message_text_color: '#111827',
      assistant_message_color: '#1f2937',
      assistant_message_text_color: '#f9fafb',
      system_message_color: '#374151',
      is_ad_message: true,
      ad_message: 'New vinyl every Friday. Ask what fits your taste!',
      ad_background: '#1f2937',
      ad_text_color: '#f9fafb',
      ad_btn_color: '#f59e0b',
    },
  },
};

const self = document.currentScript;
const webchatId = new URLSearchParams(location.search).get('webchatId');
const snippet = document.getElementById('snippet');
const notice = document.getElementById('bot-notice');

const integration = document.querySelector('script[src="/widget.js"]');

if (webchatId && integration) {
  integration.dataset.webchatId = webchatId;
  if (snippet)
    snippet.textContent = `<script src="${location.origin}/widget.js" data-webchat-id="${webchatId}" defer></script>`;
} else {
  if (notice) notice.hidden = false;
  const look = SAMPLE_LOOKS[self?.dataset.look ?? 'light'] ?? SAMPLE_LOOKS.light;
  import('/widget.mjs').then(({ mountChatWidget }) => mountChatWidget(document.body, look));
}

// Pages with a violations counter show every Content-Security-Policy violation as it happens.
const violations = document.getElementById('csp-violations');
if (violations) {
  const seen = [];
  document.addEventListener('securitypolicyviolation', (event) => {
    seen.push(`${event.violatedDirective} ${event.blockedURI}`);
    violations.textContent = `${seen.length}: ${seen.join(', ')}`;
  });
}

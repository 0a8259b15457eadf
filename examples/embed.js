// Shared by the example customer pages (an external file: the strict-CSP page forbids inline
// scripts). With ?webchatId=ID it adds the integration script exactly as the console's
// Integration Script panel gives it; without one it says how to get an id and mounts the widget
// from /widget.mjs with a sample look, not connected to any bot.
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

if (webchatId) {
  const script = document.createElement('script');
  script.src = '/widget.js';
  script.dataset.webchatId = webchatId;
  script.defer = true;
  document.body.appendChild(script);
  if (snippet) snippet.textContent = `<script src="${location.origin}/widget.js" data-webchat-id="${webchatId}" defer></script>`;
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

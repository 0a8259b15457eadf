/**
 * The integration script (`/widget.js`): `<script src="https://switchboard.example/widget.js"
 * data-webchat-id="…" defer></script>`. Finds its own tag, loads the bot's public configuration
 * from the server it was loaded from, and mounts the widget. Wiring only.
 */
import { fetchPublicWebchat, NOT_ALLOWED } from './fetchPublicWebchat.js';
import { createChatWidget } from './mount.js';

// currentScript is only set while this file first runs, so it is read before anything async.
const script = document.currentScript;

async function boot(): Promise<void> {
  if (!(script instanceof HTMLScriptElement)) return warn('could not find its <script> tag');
  const id = script.dataset.webchatId ?? script.dataset.botId;
  if (!id) return warn('missing data-webchat-id on its <script> tag');
  const serverUrl = new URL(script.src, location.href).origin;

  // Asked for at once, so the launcher shows one round trip after the script runs; the widget is
  // built while the answer is on its way and only placed in the page once the bot is known to
  // exist and be active (nothing flashes for one that isn't).
  const answer = fetchPublicWebchat(serverUrl, id).catch((error: unknown) => {
    warn('could not reach the server', error);
    return null;
  });
  const widget = createChatWidget({ webchatId: id, serverUrl });
  const webchat = await answer;
  if (!webchat) {
    widget.handle.destroy();
    return warn(`bot "${id}" is not available`);
  }
  // Refused on this site (its allowed sites): the launcher opens on the reason, for the site's
  // developers; nothing of the bot is known.
  if (webchat === NOT_ALLOWED) widget.refuse();
  else {
    widget.handle.update(webchat.appearance);
    widget.setTitle(webchat.title);
    widget.handle.setWelcomeMessage(webchat.welcomeMessage);
    widget.handle.setStarterQuestions(webchat.starterQuestions);
    widget.setTalkToPerson(webchat.talkToPerson);
    widget.handle.setLeadCapture(webchat.leadCapture);
  }

  if (!document.body) {
    await new Promise((resolve) => document.addEventListener('DOMContentLoaded', resolve, { once: true }));
  }
  document.body.appendChild(widget.host);
}

// Customer pages get silence; developers running the dev build get a hint.
function warn(...details: unknown[]): void {
  if (import.meta.env.DEV) console.warn('[switchboard widget]', ...details);
}

void boot();

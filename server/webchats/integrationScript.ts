import { escapeHtml } from '../core/html.js';

/** The one tag a customer pastes before </body> (ARCHITECTURE.md "Integration script"). */
export function integrationScript(publicUrl: string, webchatId: string): string {
  return `<script src="${escapeHtml(`${publicUrl}/widget.js`)}" data-webchat-id="${escapeHtml(webchatId)}" defer></script>`;
}

import type { WidgetModel } from '../models/WidgetModel.js';
import { TEXT } from '../texts.js';
import { CloseIcon } from './icons.js';
import { reactive } from './reactive.js';

export interface AdMessageProps {
  model: WidgetModel;
}

/** Ad-message mode: the bot's ad beside the closed launcher, with a button that opens the chat. */
export const AdMessage = reactive(function AdMessage({ model }: AdMessageProps) {
  return (
    <aside class="ad" aria-label={model.title.value}>
      <p class="ad-text">{model.appearance.value.ad_message}</p>
      <button type="button" class="ad-btn" onClick={() => model.open()}>
        {TEXT.startChat}
      </button>
      <button type="button" class="ad-close" aria-label={TEXT.dismissAd} onClick={model.dismissAd}>
        <CloseIcon size={14} />
      </button>
    </aside>
  );
});

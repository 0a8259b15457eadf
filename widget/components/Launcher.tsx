import type { WidgetModel } from '../models/WidgetModel.js';
import { ChatIcon } from './ChatIcon.js';
import { CloseIcon } from './CloseIcon.js';

export interface LauncherProps {
  model: WidgetModel;
}

/** The round floating button at the bottom right that opens and closes the chat. */
export function Launcher({ model }: LauncherProps) {
  const open = model.isOpen.value;
  return (
    <button
      type="button"
      class="launcher"
      aria-label={open ? 'Close chat' : 'Open chat'}
      aria-expanded={open}
      title={model.title.value}
      onClick={model.toggle}
    >
      {open ? <CloseIcon /> : <ChatIcon />}
    </button>
  );
}

import type { Ref } from 'preact';
import type { WidgetModel } from '../models/WidgetModel.js';
import { TEXT } from '../texts.js';
import { ChatIcon, CloseIcon } from './icons.js';
import { reactive } from './reactive.js';

export interface LauncherProps {
  model: WidgetModel;
  buttonRef: Ref<HTMLButtonElement>;
}

/** The round floating button at the bottom right that opens and closes the chat. */
export const Launcher = reactive(function Launcher({ model, buttonRef }: LauncherProps) {
  const open = model.isOpen.value;
  return (
    <button
      ref={buttonRef}
      type="button"
      class="launcher"
      aria-label={open ? TEXT.closeChat : TEXT.openChat}
      aria-expanded={open}
      title={model.title.value}
      onClick={model.toggle}
    >
      {open ? <CloseIcon /> : <ChatIcon />}
    </button>
  );
});

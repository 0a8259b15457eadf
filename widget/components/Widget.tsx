import { useLayoutEffect, useRef } from 'preact/hooks';
import type { ChatModel } from '../models/ChatModel.js';
import type { LeadModel } from '../models/LeadModel.js';
import type { WidgetModel } from '../models/WidgetModel.js';
import { AdMessage } from './AdMessage.js';
import { ChatPanel } from './ChatPanel.js';
import { Launcher } from './Launcher.js';
import { reactive } from './reactive.js';

export interface WidgetProps {
  model: WidgetModel;
  chat: ChatModel;
  lead: LeadModel;
  preview: boolean;
}

/**
 * The whole widget: the panel when open, the ad when in ad mode and closed, and the launcher.
 * Escape anywhere inside closes the chat; opening moves focus to the message field and closing
 * moves it back to the launcher (unless a designer's own controls did it, see WidgetModel).
 */
export const Widget = reactive(function Widget({ model, chat, lead, preview }: WidgetProps) {
  const open = model.isOpen.value;
  const launcher = useRef<HTMLButtonElement>(null);
  const input = useRef<HTMLTextAreaElement>(null);
  const mounted = useRef(false);

  // A layout effect: focus lands in the same frame the panel first paints, not one later.
  // biome-ignore lint/correctness/useExhaustiveDependencies: opening and closing are the trigger; the effect reads refs only.
  useLayoutEffect(() => {
    // A preview mounts open: never steal focus from the page that mounted it.
    if (!mounted.current) {
      mounted.current = true;
      return;
    }
    // Before the chat the contact form stands in for the message field (issue 25): its first input.
    const root = launcher.current?.getRootNode() as ParentNode | undefined;
    const field = input.current ?? root?.querySelector<HTMLElement>('.lead-input');
    if (model.movesFocus) (open ? field : launcher.current)?.focus();
  }, [open]);

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: delegation; Escape bubbles up from the controls inside.
    <div
      class={`root${preview ? ' preview' : ''}${open ? ' open' : ''}`}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && model.isOpen.peek()) {
          event.stopPropagation();
          model.close();
        }
      }}
    >
      {open && <ChatPanel model={model} chat={chat} lead={lead} inputRef={input} />}
      {!open && model.showAd.value && <AdMessage model={model} />}
      <Launcher model={model} buttonRef={launcher} />
    </div>
  );
});

import type { Ref } from 'preact';
import { CHAT_LIMITS } from '../../shared/types/chat.js';
import type { ChatModel } from '../models/ChatModel.js';
import { TEXT } from '../texts.js';
import { SendIcon } from './icons.js';
import { reactive } from './reactive.js';

export interface ComposerProps {
  chat: ChatModel;
  inputRef: Ref<HTMLTextAreaElement>;
}

/**
 * The message field and send button; Enter sends, Shift+Enter starts a new line. The field
 * stays usable while an answer streams; only sending waits.
 */
export const Composer = reactive(function Composer({ chat, inputRef }: ComposerProps) {
  const notice = chat.notice.value;
  const blank = chat.draft.value.trim() === '';
  return (
    <form
      class="composer"
      onSubmit={(event) => {
        event.preventDefault();
        void chat.send();
      }}
    >
      {/* Always rendered: a live region must exist before its text changes to be announced. */}
      <p class="notice" role="status">
        {notice && <span>{notice.message || TEXT.notices[notice.kind]}</span>}
      </p>
      <div class="row">
        <textarea
          ref={inputRef}
          class="input"
          rows={1}
          maxLength={CHAT_LIMITS.messageMaxChars}
          aria-label={TEXT.message}
          placeholder={TEXT.placeholder}
          value={chat.draft.value}
          onInput={(event) => chat.setDraft(event.currentTarget.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && !event.shiftKey && !event.isComposing) {
              event.preventDefault();
              void chat.send();
            }
          }}
        />
        <button type="submit" class="send" aria-label={TEXT.send} disabled={blank || chat.busy.value}>
          <SendIcon />
        </button>
      </div>
    </form>
  );
});

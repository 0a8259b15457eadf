import { useCallback, useLayoutEffect, useRef, useState } from 'react';

/** How close to the end (px) still counts as "reading the newest message". */
const PINNED_SLACK_PX = 32;

/**
 * Keeps a scrolling box at its newest content (spec part 1 §2: the transcript auto-scrolls), but
 * only while the reader is at the end: someone who scrolled up to read keeps their place, and
 * `unseen` tells them newer messages arrived; `jump` takes them there.
 */
export function useStickToBottom<T extends HTMLElement>(content: unknown) {
  const ref = useRef<T>(null);
  const pinned = useRef(true);
  const [unseen, setUnseen] = useState(false);

  const onScroll = useCallback(() => {
    const box = ref.current;
    if (!box) return;
    pinned.current = box.scrollHeight - box.scrollTop - box.clientHeight <= PINNED_SLACK_PX;
    if (pinned.current) setUnseen(false);
  }, []);

  const jump = useCallback(() => {
    const box = ref.current;
    if (box) box.scrollTop = box.scrollHeight;
    pinned.current = true;
    setUnseen(false);
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: new content is the trigger; the effect reads the box, not the content.
  useLayoutEffect(() => {
    const box = ref.current;
    if (!box) return;
    if (pinned.current) box.scrollTop = box.scrollHeight;
    else setUnseen(true);
  }, [content]);

  return { ref, onScroll, unseen, jump };
}

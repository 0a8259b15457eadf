import { useState } from 'preact/hooks';
import { isSafeImageUrl } from '../readAppearance.js';
import { ChatIcon } from './icons.js';

export interface AvatarProps {
  src: string | null;
}

/**
 * The bot's picture in the panel header. Only data:image PNG/JPEG/WebP or https sources are
 * rendered; anything else, or an image that fails to load (a page CSP without that source in
 * img-src, say), shows the chat icon instead.
 */
export function Avatar({ src }: AvatarProps) {
  const [broken, setBroken] = useState<string | null>(null);
  if (isSafeImageUrl(src) && broken !== src) {
    return (
      <img
        class="avatar"
        src={src}
        alt=""
        width={36}
        height={36}
        referrerpolicy="no-referrer"
        onError={() => setBroken(src)}
      />
    );
  }
  return (
    <span class="avatar">
      <ChatIcon size={20} />
    </span>
  );
}

import type { ComponentChildren } from 'preact';

/** The widget's icons: inline SVG in currentColor, so the stylesheet decides their colour. */
interface IconProps {
  size: number;
  children: ComponentChildren;
}

function Icon({ size, children }: IconProps) {
  return (
    <svg class="icon" viewBox="0 0 24 24" width={size} height={size} aria-hidden="true" focusable="false">
      {children}
    </svg>
  );
}

export function ChatIcon({ size = 28 }: { size?: number }) {
  return (
    <Icon size={size}>
      <path
        fill="currentColor"
        d="M12 3C6.5 3 2 6.6 2 11c0 2.4 1.3 4.6 3.4 6.1L4.5 21l4.3-2.4c1 .3 2.1.4 3.2.4 5.5 0 10-3.6 10-8s-4.5-8-10-8z"
      />
    </Icon>
  );
}

export function CloseIcon({ size = 24 }: { size?: number }) {
  return (
    <Icon size={size}>
      <path stroke="currentColor" stroke-width="2.5" stroke-linecap="round" d="M6 6l12 12M18 6L6 18" />
    </Icon>
  );
}

export function NewChatIcon() {
  return (
    <Icon size={20}>
      <path
        stroke="currentColor"
        stroke-width="2.2"
        stroke-linecap="round"
        fill="none"
        d="M20 12a8 8 0 1 1-2.3-5.6M20 4v4.5h-4.5"
      />
    </Icon>
  );
}

export function SendIcon() {
  return (
    <Icon size={20}>
      <path fill="currentColor" d="M3.4 20.4 21 12 3.4 3.6 3.4 10l12.6 2-12.6 2z" />
    </Icon>
  );
}

/** Thumbs up; the stylesheet turns it over for thumbs down. */
export function ThumbIcon() {
  return (
    <Icon size={16}>
      <path
        fill="currentColor"
        d="M2 21h4V9H2v12zm20-11a2 2 0 0 0-2-2h-6.3l1-4.6v-.3c0-.4-.2-.8-.4-1.1L13.2 1 6.6 7.6C6.2 8 6 8.5 6 9v10a2 2 0 0 0 2 2h9c.8 0 1.5-.5 1.8-1.2l3-7.1c.1-.2.2-.5.2-.7v-2z"
      />
    </Icon>
  );
}

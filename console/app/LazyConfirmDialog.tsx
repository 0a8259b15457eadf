import type { ConfirmDialogProps } from '../components/ConfirmDialog.js';
import { lazyComponent } from './lazyComponent.js';
import { MountWhenOpened } from './MountWhenOpened.js';

const Dialog = lazyComponent(() => import('../components/ConfirmDialog.js').then((m) => m.ConfirmDialog));

/** Fetches the dialog ahead of need, e.g. once an editor holds edits that leaving would lose. */
export const preloadConfirmDialog = Dialog.preload;

/**
 * The shell's ConfirmDialog (leave without saving?), fetched when it first opens: showing a page
 * does not need the dialog machinery (issue 12).
 */
export function LazyConfirmDialog(props: ConfirmDialogProps) {
  return (
    <MountWhenOpened open={props.open}>
      <Dialog.Component {...props} />
    </MountWhenOpened>
  );
}

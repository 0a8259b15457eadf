/**
 * The admin page's dialogs, each fetched when a button that opens it is pointed at, focused or
 * pressed: the dialogs, the role Select and Radix's dialog machinery (about 19 KiB gzip) are not
 * needed to show the users table (issue 12).
 */
import { lazyComponent } from '../../app/lazyComponent.js';

export const LazyCreateUserDialog = lazyComponent(() =>
  import('./CreateUserDialog.js').then((m) => m.CreateUserDialog),
);
export const LazyEditUserDialog = lazyComponent(() => import('./EditUserDialog.js').then((m) => m.EditUserDialog));
export const LazyDeleteUserDialog = lazyComponent(() =>
  import('./ConfirmDeleteUserDialog.js').then((m) => m.ConfirmDeleteUserDialog),
);

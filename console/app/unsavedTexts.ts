/** What the console says when leaving would lose unsaved edits (issue 7, finding 12). */
export const UNSAVED_TEXTS = {
  title: 'Leave without saving?',
  description: 'You have unsaved changes on this page. If you leave now, they are lost.',
  leave: 'Leave',
} as const;

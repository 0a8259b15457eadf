/**
 * Radix Themes' Dialog and AlertDialog with focus returned to whatever opened them (see
 * useReturnFocus). Every console dialog imports these instead of the Radix ones, so none can
 * forget it.
 */
import { createContext, useContext, type ComponentPropsWithoutRef, type ElementRef } from 'react';
import { forwardRef } from 'react';
import { AlertDialog as RadixAlertDialog, Dialog as RadixDialog } from '@radix-ui/themes';
import { useReturnFocus } from './useReturnFocus.js';

const ReturnFocusContext = createContext<((event: Event) => void) | null>(null);

function compose(own: ((event: Event) => void) | undefined, restore: ((event: Event) => void) | null) {
  return (event: Event) => {
    own?.(event);
    if (!event.defaultPrevented) restore?.(event);
  };
}

function DialogRoot(props: RadixDialog.RootProps) {
  const restore = useReturnFocus(props.open ?? false);
  return (
    <ReturnFocusContext.Provider value={restore}>
      <RadixDialog.Root {...props} />
    </ReturnFocusContext.Provider>
  );
}

const DialogContent = forwardRef<ElementRef<typeof RadixDialog.Content>, ComponentPropsWithoutRef<typeof RadixDialog.Content>>(
  function DialogContent({ onCloseAutoFocus, ...props }, ref) {
    const restore = useContext(ReturnFocusContext);
    return <RadixDialog.Content ref={ref} {...props} onCloseAutoFocus={compose(onCloseAutoFocus, restore)} />;
  },
);

function AlertDialogRoot(props: RadixAlertDialog.RootProps) {
  const restore = useReturnFocus(props.open ?? false);
  return (
    <ReturnFocusContext.Provider value={restore}>
      <RadixAlertDialog.Root {...props} />
    </ReturnFocusContext.Provider>
  );
}

const AlertDialogContent = forwardRef<
  ElementRef<typeof RadixAlertDialog.Content>,
  ComponentPropsWithoutRef<typeof RadixAlertDialog.Content>
>(function AlertDialogContent({ onCloseAutoFocus, ...props }, ref) {
  const restore = useContext(ReturnFocusContext);
  return <RadixAlertDialog.Content ref={ref} {...props} onCloseAutoFocus={compose(onCloseAutoFocus, restore)} />;
});

export const Dialog = { ...RadixDialog, Root: DialogRoot, Content: DialogContent };
export const AlertDialog = { ...RadixAlertDialog, Root: AlertDialogRoot, Content: AlertDialogContent };

/**
 * Radix Themes' Dialog and AlertDialog with focus returned to whatever opened them (see
 * useReturnFocus). Every console dialog imports these instead of the Radix ones, so none can
 * forget it.
 */

import { AlertDialog as RadixAlertDialog, Dialog as RadixDialog } from '@radix-ui/themes';
import {
  type ComponentType,
  createContext,
  type ForwardRefExoticComponent,
  forwardRef,
  type PropsWithoutRef,
  type RefAttributes,
  useContext,
} from 'react';
import { useReturnFocus } from './useReturnFocus.js';

type CloseAutoFocus = (event: Event) => void;

const ReturnFocusContext = createContext<CloseAutoFocus | null>(null);

/** A Root that remembers the opener while open. */
function rememberingOpener<P extends { open?: boolean }>(Root: ComponentType<P>) {
  return function ReturnFocusRoot(props: P) {
    const restore = useReturnFocus(props.open ?? false);
    return (
      <ReturnFocusContext.Provider value={restore}>
        <Root {...props} />
      </ReturnFocusContext.Provider>
    );
  };
}

/** A Content that gives focus back on close, after any onCloseAutoFocus of its own. */
function returningFocus<P extends { onCloseAutoFocus?: CloseAutoFocus }, R>(
  Content: ForwardRefExoticComponent<PropsWithoutRef<P> & RefAttributes<R>>,
) {
  return forwardRef<R, PropsWithoutRef<P>>(function ReturnFocusContent(props, ref) {
    const restore = useContext(ReturnFocusContext);
    const onCloseAutoFocus = (event: Event) => {
      props.onCloseAutoFocus?.(event);
      if (!event.defaultPrevented) restore?.(event);
    };
    // P has onCloseAutoFocus (the constraint), so this is still P.
    const withReturn = { ...props, onCloseAutoFocus } as PropsWithoutRef<P>;
    return <Content {...withReturn} ref={ref} />;
  });
}

export const Dialog = {
  ...RadixDialog,
  Root: rememberingOpener(RadixDialog.Root),
  Content: returningFocus<RadixDialog.ContentProps, HTMLDivElement>(RadixDialog.Content),
};

export const AlertDialog = {
  ...RadixAlertDialog,
  Root: rememberingOpener(RadixAlertDialog.Root),
  Content: returningFocus<RadixAlertDialog.ContentProps, HTMLDivElement>(RadixAlertDialog.Content),
};

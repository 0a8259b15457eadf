import { effect } from '@preact/signals-core';
import type { ComponentChildren, FunctionComponent } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';

/**
 * `render` as a component that renders again when a signal it read while rendering changes.
 * These few lines stand in for @preact/signals' Preact adapter, which does the same for every
 * component by hooking Preact's internals and cost about 1 KB of widget.js (brotli): the widget's
 * whole size budget is 18 KiB. Only components wrapped in it follow their signals.
 */
export function reactive<P>(render: (props: P) => ComponentChildren): FunctionComponent<P> {
  return (props) => {
    const [, setRenders] = useState(0);
    const stop = useRef<(() => void) | null>(null);
    // Each render tracks afresh what it reads; the previous render's reads no longer matter.
    stop.current?.();
    let out: ComponentChildren = null;
    let first = true;
    stop.current = effect(() => {
      if (first) {
        first = false;
        out = render(props);
      } else {
        setRenders((n) => n + 1);
      }
    });
    useEffect(() => () => stop.current?.(), []);
    return out as ReturnType<FunctionComponent<P>>;
  };
}

/**
 * reactive(): the widget's stand-in for @preact/signals' Preact adapter. A wrapped component renders
 * again when a signal it read in its latest render changes, and only then; it lets go of its signals
 * when it unmounts.
 */
import { signal } from '@preact/signals-core';
import { act, render } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import { reactive } from '../../widget/components/reactive.js';

describe('reactive', () => {
  it('follows the signals the latest render read, and stops at unmount', () => {
    const showName = signal(true);
    const name = signal('Ada');
    const other = signal(0);
    let renders = 0;
    const Label = reactive(({ prefix }: { prefix: string }) => {
      renders += 1;
      return <p>{showName.value ? `${prefix} ${name.value}` : `${prefix} nobody`}</p>;
    });
    const view = render(<Label prefix="Hi" />);
    expect(view.container.textContent).toBe('Hi Ada');

    act(() => {
      name.value = 'Grace';
    });
    expect(view.container.textContent).toBe('Hi Grace');
    const afterName = renders;

    // A signal the component never read does not render it again.
    act(() => {
      other.value = 1;
    });
    expect(renders).toBe(afterName);

    // Once a render no longer reads `name`, its changes are not followed either.
    act(() => {
      showName.value = false;
    });
    expect(view.container.textContent).toBe('Hi nobody');
    const afterHide = renders;
    act(() => {
      name.value = 'Linus';
    });
    expect(renders).toBe(afterHide);

    // New props render as usual and keep following.
    view.rerender(<Label prefix="Hello" />);
    expect(view.container.textContent).toBe('Hello nobody');
    act(() => {
      showName.value = true;
    });
    expect(view.container.textContent).toBe('Hello Linus');

    view.unmount();
    const atUnmount = renders;
    act(() => {
      name.value = 'Edsger';
    });
    expect(renders).toBe(atUnmount);
  });
});

/**
 * The console's router history (createGuardedHistory): every navigation passes its guard first.
 * Pushes and replaces wait for the answer; a Back or Forward the guard holds is undone, so the
 * page and the address bar agree, and redone when the user chooses to leave.
 */

import { UNSAFE_createMemoryHistory as createMemoryHistory } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { createGuardedHistory, type NavigationGuard } from '../../console/app/createGuardedHistory.js';

function setup(entries: string[], index = entries.length - 1) {
  const history = createGuardedHistory(
    createMemoryHistory({ initialEntries: entries, initialIndex: index, v5Compat: true }),
  );
  const shown: string[] = [];
  history.listen(({ location }) => shown.push(location.pathname));
  const asked: [from: string, to: string][] = [];
  let answer: (leave: boolean) => void = () => {};
  const ask: NavigationGuard = (from, to) => {
    asked.push([from, to]);
    return new Promise<boolean>((resolve) => {
      answer = resolve;
    });
  };
  return { history, shown, asked, ask, answer: async (leave: boolean) => answer(leave) };
}

const settle = () => new Promise((resolve) => setTimeout(resolve));

describe('guarded history', () => {
  it('without a guard, or with one that allows, navigates at once', () => {
    const { history, shown } = setup(['/agents']);
    history.push('/tools');
    const remove = history.setGuard(() => true);
    history.replace('/tools/t1');
    remove();
    history.go(-1);
    expect(shown).toEqual(['/tools', '/tools/t1', '/agents']);
    expect(history.location.pathname).toBe('/agents');
  });

  it('holds a push until the guard answers: stay keeps the page, leave goes', async () => {
    const { history, shown, asked, ask, answer } = setup(['/tools/t1']);
    history.setGuard(ask);
    history.push('/agents');
    expect(asked).toEqual([['/tools/t1', '/agents']]);
    expect(history.location.pathname).toBe('/tools/t1');
    await answer(false);
    await settle();
    expect(shown).toEqual([]);

    history.push('/agents');
    await answer(true);
    await settle();
    expect(shown).toEqual(['/agents']);
    expect(history.location.pathname).toBe('/agents');
  });

  it('undoes a held Back at once, and goes back only when the user chooses to leave', async () => {
    const { history, shown, asked, ask, answer } = setup(['/agents', '/tools/t1']);
    history.setGuard(ask);
    history.go(-1);
    expect(asked).toEqual([['/tools/t1', '/agents']]);
    expect(history.location.pathname).toBe('/tools/t1');
    expect(shown).toEqual([]);
    await answer(false);
    await settle();
    expect(history.location.pathname).toBe('/tools/t1');

    history.go(-1);
    await answer(true);
    await settle();
    expect(shown).toEqual(['/agents']);
    expect(history.location.pathname).toBe('/agents');
    // Asked once per attempt: neither the undo nor the redo went through the guard again.
    expect(asked).toHaveLength(2);
  });

  it('handles Forward the same way', async () => {
    const { history, shown, asked, ask, answer } = setup(['/tools/t1', '/agents'], 0);
    history.setGuard(ask);
    history.go(1);
    expect(asked).toEqual([['/tools/t1', '/agents']]);
    expect(history.location.pathname).toBe('/tools/t1');
    await answer(true);
    await settle();
    expect(shown).toEqual(['/agents']);
  });

  it('a guard that says no at once stays without asking anything', () => {
    const { history, shown } = setup(['/agents', '/tools/t1']);
    history.setGuard(() => false);
    history.go(-1);
    history.push('/sessions');
    expect(shown).toEqual([]);
    expect(history.location.pathname).toBe('/tools/t1');
  });

  it('gives the guard the path of a relative or object target', () => {
    const { history, asked } = setup(['/tools/t1']);
    history.setGuard((from, to) => {
      asked.push([from, to]);
      return true;
    });
    history.push({ pathname: '/agents', search: '?q=1' });
    history.push('?tab=values');
    expect(asked).toEqual([
      ['/tools/t1', '/agents'],
      ['/agents', '/agents'],
    ]);
  });

  it('removing a guard only removes that guard', () => {
    const { history, shown } = setup(['/agents']);
    const first = history.setGuard(() => false);
    history.setGuard(() => false);
    first();
    history.push('/tools');
    expect(shown).toEqual([]);
  });
});

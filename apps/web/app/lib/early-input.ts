/**
 * Replays what the visitor did before the page was interactive (queued by the inline capture
 * script of components/deferred-hydration.tsx): fields typed into are reported to React, then
 * the queued clicks are made again, one per task so each click's re-render (a button turning
 * disabled, a menu opening) happens before the next.
 */
interface EarlyInput {
  kind: 'click' | 'input';
  target: Element;
}

declare global {
  interface Window {
    __earlyInput?: EarlyInput[];
  }
}

export async function replayEarlyInput(): Promise<void> {
  const queue = window.__earlyInput;
  window.__earlyInput = undefined;
  if (!queue?.length) return;
  const typedInto = new Set(queue.filter((e) => e.kind === 'input').map((e) => e.target));
  for (const field of typedInto) if (field.isConnected) reportValueToReact(field);
  for (const { kind, target } of queue) {
    if (kind !== 'click') continue;
    await new Promise((resolve) => setTimeout(resolve, 0));
    if (target instanceof HTMLButtonElement && target.isConnected && !target.disabled) target.click();
  }
}

/**
 * React keeps the last value it saw of each field through the element's own `value` (or
 * `checked`) setter and reports a change only when the field differs from it. Writing the other
 * value through that setter, the visitor's through the prototype's, then sending the event React
 * listens to for that kind of field, makes React call onChange with what the visitor did.
 */
function reportValueToReact(field: Element): void {
  if (field instanceof HTMLSelectElement) {
    field.dispatchEvent(new Event('change', { bubbles: true }));
  } else if (field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')) {
    const ticked = field.checked;
    field.checked = !ticked;
    prototypeSetter(field, 'checked')?.call(field, ticked);
    field.dispatchEvent(new Event('click', { bubbles: true })); // a plain Event: it does not toggle the box
  } else if (field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement) {
    const typed = field.value;
    field.value = typed === '' ? ' ' : '';
    prototypeSetter(field, 'value')?.call(field, typed);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  }
}

function prototypeSetter(field: Element, property: 'value' | 'checked'): ((value: unknown) => void) | undefined {
  return Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), property)?.set;
}
